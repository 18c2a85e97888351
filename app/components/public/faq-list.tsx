// The FAQ's questions as a single-open accordion in plain HTML (issue 30,
// item 8): `details` elements sharing a `name`, so the browser opens one at a
// time and closes an open one on a second press, with or without scripts.
import type { FaqEntry } from "#content/faq.ts";
import { ChevronDownIcon } from "./icons";

/** An answer's paragraphs: the farm separates them with empty lines. */
export const paragraphsOf = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);

export function FaqList({ entries, name = "faq" }: { entries: FaqEntry[]; name?: string }) {
  return (
    <div className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white">
      {entries.map((entry, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is drawn whole; the editor's preview may repeat a question
        <details key={index} name={name} className="group">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left hover:bg-paddock-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-paddock-700 [&::-webkit-details-marker]:hidden">
            <h2 className="text-lg font-semibold text-paddock-900">{entry.question}</h2>
            <ChevronDownIcon className="size-5 shrink-0 transition-transform group-open:rotate-180 motion-reduce:transition-none" />
          </summary>
          <div className="space-y-3 px-5 pb-5 text-stone-700">
            {paragraphsOf(entry.answer).map((paragraph, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: an answer may repeat a paragraph
              <p key={i}>{paragraph}</p>
            ))}
          </div>
        </details>
      ))}
    </div>
  );
}
