// A kept marketing page carries inline only the rules of the stylesheet that
// its own HTML uses (Beasties); the whole stylesheet follows once the page has
// painted (app/islands/boot-script.ts), for what the islands add: an open
// menu, a dialog, a toast. A third of the bytes a phone waits for before the
// first paint. Done once per kept page, so Beasties loads with the first one.
import type Beasties from "beasties";

let beasties: Promise<Beasties> | undefined;

function load(): Promise<Beasties> {
  beasties ??= import("beasties").then(
    ({ default: Critters }) =>
      new Critters({
        reduceInlineStyles: true,
        // The pages link no stylesheet; were one linked, Beasties' default would load it
        // with an inline onload handler, which the Content Security Policy refuses.
        external: false,
        // Beasties cannot match these selectors (Tailwind's space-y-*, its preflight): keep them.
        allowRules: [/:where\(/, /:is\(/],
        logLevel: "warn",
      }),
  );
  return beasties;
}

/** The page with its inline stylesheet cut to its critical rules, marked `data-critical`. */
export async function withCriticalCss(html: string): Promise<string> {
  if (!html.includes("<style>")) return html;
  const reduced = await (await load()).process(html);
  return reduced.replace("<style>", "<style data-critical>");
}
