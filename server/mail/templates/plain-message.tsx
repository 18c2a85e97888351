// Every other email (password reset, account confirmation, staff invitation,
// contact messages, replies, calendar-sync notices) in the farm's frame: its
// text in paragraphs, each address a link. The outbox uses this for any email
// queued with text alone, so every message has an HTML part and a text part.
import { siteConfig } from "#content/site.ts";
import { paragraphsOf } from "./guest-notice";
import { EmailLayout, Lines, renderEmail, UrlLink } from "./layout";

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** A line with its addresses as links; the text part keeps them as written. */
function linked(line: string) {
  const parts = line.split(URL_PATTERN);
  if (parts.length === 1) return line;
  return (
    <>
      {parts.map((part, i) => (i % 2 === 1 ? <UrlLink key={`${i}-${part}`} href={part} /> : part))}
    </>
  );
}

export function PlainMessageEmail({ text }: { text: string }) {
  const paragraphs = paragraphsOf(text.split("\n"));
  return (
    <EmailLayout site={siteConfig()} preview={paragraphs[0]?.[0] ?? ""}>
      {paragraphs.map((paragraph, i) => (
        <Lines key={i} lines={paragraph.map(linked)} />
      ))}
    </EmailLayout>
  );
}

/** The HTML part for a message written as text; its own text part is the text itself. */
export async function htmlOfText(text: string): Promise<string> {
  return (await renderEmail(<PlainMessageEmail text={text} />)).html;
}
