// The FAQ's 12 questions (spec 2.8) in the single-open accordion: an island
// of the FAQ page (decision 0022). Its content comes with it.
import { faqEntries } from "#content/faq.ts";
import { Accordion } from "./accordion";

export default function FaqAccordion() {
  return (
    <Accordion
      id="faq"
      items={faqEntries.map((entry) => ({
        title: entry.question,
        content: <p>{entry.answer}</p>,
      }))}
    />
  );
}
