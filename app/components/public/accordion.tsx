// A single-open accordion (WAI-ARIA accordion pattern): each header is a
// button with aria-expanded; opening one closes the other; an open item
// closes again on a second press. Its element ids come from `id` (not useId:
// it is hydrated by Preact on the FAQ page, decision 0022).
import { useState } from "react";
import { ChevronDownIcon } from "./icons";

export type AccordionItem = { title: string; content: React.ReactNode };

export function Accordion({ id: baseId, items }: { id: string; items: AccordionItem[] }) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  return (
    <div className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white">
      {items.map((item, index) => {
        const open = openIndex === index;
        const buttonId = `${baseId}-button-${index}`;
        const panelId = `${baseId}-panel-${index}`;
        return (
          <div key={item.title}>
            <h2>
              <button
                type="button"
                id={buttonId}
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenIndex(open ? null : index)}
                className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-lg font-semibold text-paddock-900 hover:bg-paddock-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-paddock-700"
              >
                {item.title}
                <ChevronDownIcon
                  className={`size-5 shrink-0 transition-transform motion-reduce:transition-none ${
                    open ? "rotate-180" : ""
                  }`}
                />
              </button>
            </h2>
            <section
              id={panelId}
              aria-labelledby={buttonId}
              hidden={!open}
              className="px-5 pb-5 text-stone-700"
            >
              {item.content}
            </section>
          </div>
        );
      })}
    </div>
  );
}
