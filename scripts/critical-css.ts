// `npm run build`, after React Router's prerendering: each prerendered page
// keeps, of the stylesheet it carries inline, only the rules that match its
// own HTML (Beasties). The whole stylesheet follows once the page has painted
// (app/islands/boot-script.ts), for what the islands add: an open menu, a dialog,
// a toast. A third of the bytes a phone waits for before the first paint.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import Beasties from "beasties";
import { prerenderedPaths } from "#content/prerender.ts";

const root = path.resolve(process.argv[2] ?? "build/client");

const beasties = new Beasties({
  path: root,
  reduceInlineStyles: true,
  // The pages link no stylesheet; were one linked, Beasties' default would load it
  // with an inline onload handler, which the Content Security Policy refuses.
  external: false,
  // Beasties cannot match these selectors (Tailwind's space-y-*, its preflight), so keep them.
  allowRules: [/:where\(/, /:is\(/],
  logLevel: "warn",
});

let before = 0;
let after = 0;
for (const page of prerenderedPaths) {
  const file = path.join(root, page, "index.html");
  const html = readFileSync(file, "utf8");
  // Marked, so that the page's boot script adds the whole stylesheet (app/islands/boot-script.ts).
  const reduced = (await beasties.process(html)).replace("<style>", "<style data-critical>");
  if (!reduced.includes("<style data-critical>")) throw new Error(`${file} has no inline styles`);
  writeFileSync(file, reduced);
  before += html.length;
  after += reduced.length;
}
console.log(
  `critical CSS: ${prerenderedPaths.length} pages, ${(before / 1024).toFixed(0)} KB of HTML became ${(after / 1024).toFixed(0)} KB`,
);
