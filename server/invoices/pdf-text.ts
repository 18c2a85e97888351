// Text on a pdfkit page in whatever script it comes in (issue 29). pdfkit's
// built-in Helvetica knows only WinAnsi, so "Ngāti" or "李" came out as other
// letters. Here a string is cut into runs by which embedded font has its
// characters, and each run is written in that font; pdfkit embeds only the
// glyphs used (a subset) and maps them back to Unicode for copying and search.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import * as fontkit from "fontkit";

type Doc = PDFKit.PDFDocument;
type TextOptions = PDFKit.Mixins.TextOptions;

/**
 * A family of fonts from an npm package: its regular and bold files (paths in
 * the package), and OpenType features to change from fontkit's defaults.
 */
type Family = {
  name: string;
  pkg: string;
  regular: string;
  bold: string;
  features?: Record<string, boolean>;
};

// In order of preference: a letter goes to the first family that has it. Noto
// Sans has Latin (Vietnamese and macrons too), Greek and Cyrillic. Naskh comes
// before the Han font, which shares no letters with it, so that an Arabic name
// never reads a Han file (10 MB each, against Naskh's 130 kB). The Han font
// is Noto Sans SC in TrueType outlines: pdfkit subsets them to a few kB, where
// the CFF (.otf) Noto CJK fonts carry some 40 kB of subroutine index into
// every PDF however few characters it uses.
const FAMILIES: Family[] = [
  {
    name: "NotoSans",
    pkg: "@embedpdf/fonts-latin",
    regular: "fonts/NotoSans-Regular.ttf",
    bold: "fonts/NotoSans-Bold.ttf",
    // Its ccmp splits ẹ ị ọ ụ into a letter and a combining dot below, and
    // pdfkit maps a glyph back to one text only: a plain i elsewhere would
    // read back as ị, or ị as i. The font has those letters whole.
    features: { ccmp: false },
  },
  {
    name: "NotoNaskhArabic",
    pkg: "@embedpdf/fonts-arabic",
    regular: "fonts/NotoNaskhArabic-Regular.ttf",
    bold: "fonts/NotoNaskhArabic-Bold.ttf",
  },
  {
    name: "NotoSansSC",
    pkg: "@expo-google-fonts/noto-sans-sc",
    regular: "400Regular/NotoSansSC_400Regular.ttf",
    bold: "700Bold/NotoSansSC_700Bold.ttf",
  },
];

const requireFrom = createRequire(import.meta.url);

/** A font file's bytes, read when first needed: the Han ones only for a Han name. */
function fontFile(family: Family, bold: boolean): Buffer {
  // Where Node finds the package; not through its exports, which name no font file.
  const folders = requireFrom.resolve.paths(family.pkg) ?? [];
  const root = folders.map((folder) => path.join(folder, family.pkg)).find(existsSync);
  if (!root) throw new Error(`The font package ${family.pkg} is not installed`);
  return readFileSync(path.join(root, bold ? family.bold : family.regular));
}

/** A font file's bytes and the font parsed from them, once. */
type Parsed = { bytes: Buffer; font: fontkit.Font };

const parsed = new Map<string, Parsed>();

function parse(family: Family, bold: boolean): Parsed {
  const file = bold ? family.bold : family.regular;
  let entry = parsed.get(file);
  if (!entry) {
    const bytes = fontFile(family, bold);
    entry = { bytes, font: fontkit.create(bytes) };
    parsed.set(file, entry);
  }
  return entry;
}

/**
 * A family's font as parsed once, to ask which letters it has and how tall
 * it is, and to lend its decoded tables to the fonts documents write with. It
 * is never given to a document itself: fontkit remembers for each glyph the
 * characters of the first text that used it, and pdfkit maps the glyph back
 * to those for copying and search. Letters share glyphs (⾦ and 金 are one,
 * ﬁ and the "fi" of "Sofia" another), so a font shared by documents let one
 * guest's name change what another guest's invoice reads as.
 */
function parsedFont(family: Family, bold = false): fontkit.Font {
  return parse(family, bold).font;
}

/**
 * A font of the document's own, with glyphs of its own, so nothing written in
 * one document shows in another. It borrows the parsed font's decoded tables,
 * as fontkit's own getVariation does: decoding the layout tables took most of
 * a render (about 0.1 s for Noto Sans, more for the Han font), and they hold
 * only the font file's data, while the glyphs live in the font object.
 */
function documentFont(family: Family, bold: boolean): fontkit.Font {
  const { bytes, font: shared } = parse(family, bold);
  const font = fontkit.create(bytes);
  font._tables = shared._tables;
  return font;
}

export type Run = { text: string; family: number };
export type Covers = (char: string) => boolean;

// Combining marks go with the letter before them; spaces, punctuation and
// invisible format characters (such as the zero-width non-joiner of Persian
// names) with the letters on both sides when those share a font, so that
// "فاطمة الزهراء" stays one run; otherwise to the first font that has them.
const MARK = /\p{M}/u;
const BETWEEN = /[\p{Z}\p{P}\p{Cf}]/u;

/**
 * Cuts text into runs, each in one family: a letter (or digit, or symbol) in
 * the first family that covers it, or the first family when none does (it
 * then shows as a box, not as another letter).
 */
export function splitRuns(text: string, covers: Covers[]): Run[] {
  const chars = [...text];
  const letters = chars.map((c) =>
    MARK.test(c) || BETWEEN.test(c) ? -1 : firstCovering(c, covers),
  );
  const families: number[] = [];
  for (const [i, char] of chars.entries()) {
    const letter = letters[i] ?? -1;
    if (letter >= 0) {
      families.push(letter);
      continue;
    }
    const wanted = MARK.test(char) ? families[i - 1] : between(letters, i);
    const fits = wanted !== undefined && covers[wanted]?.(char);
    families.push(fits ? wanted : firstCovering(char, covers));
  }
  return merge(chars, families);
}

function firstCovering(char: string, covers: Covers[]): number {
  return Math.max(
    0,
    covers.findIndex((has) => has(char)),
  );
}

/** The family of the letters on both sides of position i, when they share one. */
function between(letters: number[], i: number): number | undefined {
  const before = letters.slice(0, i).findLast((f) => f >= 0);
  const after = letters.slice(i + 1).find((f) => f >= 0);
  return before === after ? before : undefined;
}

function merge(chars: string[], families: number[]): Run[] {
  const runs: Run[] = [];
  chars.forEach((char, i) => {
    const family = families[i] ?? 0;
    const last = runs.at(-1);
    if (last && last.family === family) last.text += char;
    else runs.push({ text: char, family });
  });
  return runs;
}

const familyCovers: Covers[] = FAMILIES.map(
  (family) => (char) => parsedFont(family).hasGlyphForCodePoint(char.codePointAt(0) ?? 0),
);

/**
 * The runs of a text in the embedded families. NFC first: a name typed with
 * combining accents then uses the fonts' precomposed letters.
 */
export function fontRuns(text: string): Run[] {
  return splitRuns(text.normalize("NFC"), familyCovers);
}

/**
 * The OpenType features a run is laid out with, a new object each time since
 * fontkit writes its defaults into it. Giving any, even none, makes pdfkit lay
 * the run out whole instead of word by word: fontkit then turns a
 * right-to-left run around as a whole, so the words of an Arabic name keep
 * their order instead of each word being turned around on its own.
 */
function featuresFor(run: Run): TextOptions["features"] {
  const features = { ...FAMILIES[run.family]?.features };
  // pdfkit's types allow only a list of features to turn on; pdfkit hands fontkit the object.
  return features as unknown as TextOptions["features"];
}

const registered = new WeakMap<Doc, Set<string>>();

/** Selects a family's font in the document, registering it there the first time. */
function useFont(doc: Doc, family: Family, bold: boolean) {
  const name = `${family.name}-${bold ? "Bold" : "Regular"}`;
  let names = registered.get(doc);
  if (!names) {
    names = new Set();
    registered.set(doc, names);
  }
  if (!names.has(name)) {
    // pdfkit 0.20 takes a parsed fontkit font as well as bytes; its types lag.
    doc.registerFont(name, documentFont(family, bold) as unknown as PDFKit.Mixins.PDFFontSource);
    names.add(name);
  }
  doc.font(name);
}

/** Where the baseline sits below a line's top: Noto Sans's, for every family, so runs line up. */
function baseline(size: number): number {
  const latin = parsedFont(FAMILIES[0] as Family);
  return -(latin.ascent / latin.unitsPerEm) * size;
}

export type WriteOptions = TextOptions & { x?: number; y?: number; size: number; bold?: boolean };

/**
 * pdfkit's `text`, for any script: each run in its family's font, joined into
 * one paragraph by pdfkit's `continued` (which may continue further, when the
 * caller asks). Fill colour is the caller's, as with `text`.
 */
export function write(
  doc: Doc,
  text: string,
  { x, y, size, bold = false, ...options }: WriteOptions,
) {
  if (x !== undefined) doc.x = x;
  if (y !== undefined) doc.y = y;
  doc.fontSize(size);
  const runs = fontRuns(text);
  if (runs.length === 0) runs.push({ text, family: 0 });
  const layout =
    options.align === "right" && runs.length > 1 ? rightAligned(doc, runs, options, bold) : {};
  runs.forEach((run, i) => {
    useFont(doc, FAMILIES[run.family] as Family, bold);
    doc.text(run.text, {
      ...options,
      ...layout,
      continued: options.continued || i < runs.length - 1,
      baseline: baseline(size),
      features: featuresFor(run),
    });
  });
}

/**
 * pdfkit right-aligns each `continued` piece on its own, so they would pile up
 * at the right edge. A line of several runs that fits is started where it must
 * begin to end at the edge, and written left-aligned in just its width (plus a
 * point, against rounding); one that needs two lines is left-aligned.
 */
function rightAligned(doc: Doc, runs: Run[], options: TextOptions, bold: boolean): TextOptions {
  const width = options.width ?? doc.page.width - doc.page.margins.right - doc.x;
  const total = runs.reduce((sum, run) => {
    useFont(doc, FAMILIES[run.family] as Family, bold);
    return sum + doc.widthOfString(run.text, { features: featuresFor(run) });
  }, 0);
  if (total > width) return { align: "left", width };
  doc.x += width - total;
  return { align: "left", width: total + 1 };
}
