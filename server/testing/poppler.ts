// A PDF read back as a person's viewer would: by poppler's pdftotext and
// pdffonts (Debian's poppler-utils, which scripts/install-system-deps.sh
// installs). Each reads the PDF from standard input ("-").
import { execFileSync } from "node:child_process";

const run = (tool: string, args: string[], pdf: Buffer) =>
  execFileSync(tool, args, { input: pdf, encoding: "utf8" });

/** The PDF's text, in UTF-8 and pdftotext's reading order. */
export const pdfText = (pdf: Buffer) => run("pdftotext", ["-enc", "UTF-8", "-", "-"], pdf);

/** pdffonts' table of the fonts the pages use: a header of two lines, then one font a line. */
export const pdfFonts = (pdf: Buffer) => run("pdffonts", ["-"], pdf);
