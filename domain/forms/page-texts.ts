// A public page's words as the farm edits them (issue 30, item 2): a
// structured editor made from the page's first-run words. Every text of the
// page's content object is a field, named by its path ("intro.paragraphs",
// "values.1.title"); pictures, links and what scripts read stay as built. The
// words are plain text, never HTML: the page writes them as text. The same
// schema runs in the browser and the action.
import { requiredText } from "./form-fields";
import { isRowId } from "./row-id";
import { z } from "./zod";

/** What the farm has published for a page: its texts by path. */
export type PageTexts = Record<string, string | string[]>;

export type TextFieldKind = "line" | "text" | "paragraphs" | "lines";

/** A field whose text is a list: paragraphs, or short lines. */
export const isList = (kind: TextFieldKind) => kind === "paragraphs" || kind === "lines";

export type PageTextField = {
  path: string;
  label: string;
  kind: TextFieldKind;
  /** The "{farm}"-style words the page fills in, from the first-run text. */
  placeholders: string[];
};

/** Keys that are not words: addresses, switches, and what a picture or video is. */
const NOT_WORDS = new Set(["src", "link", "buttonLink", "href", "video", "images"]);
const LONG = 60;
export const MAX_LINE = 200;
export const MAX_TEXT = 2_000;
export const MAX_ITEMS = 20;

/** A built picture ("src") or one of the media library ("url"). */
const isPicture = (value: object) => "src" in value || "url" in value;
const placeholdersOf = (text: string) => [...new Set(text.match(/\{[a-zA-Z]+\}/g) ?? [])];

/** "nextEventHeading" as "Next event heading". */
function inWords(key: string): string {
  const words = key.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const labelOf = (path: string[]) =>
  path.map((part) => (/^\d+$/.test(part) ? String(Number(part) + 1) : inWords(part))).join(" · ");

/** Keys whose words run to a sentence or more, whatever their first-run length. */
const PROSE = new Set(["text", "description", "quote"]);

function kindOf(key: string, value: string | string[]): TextFieldKind {
  if (typeof value === "string") return value.length > LONG || PROSE.has(key) ? "text" : "line";
  return value.some((item) => item.length > LONG) ? "paragraphs" : "lines";
}

/** The page's editable texts, in the order the page shows them. `fixed` paths stay as built. */
export function textFieldsOf(defaults: object, fixed: readonly string[] = []): PageTextField[] {
  const fields: PageTextField[] = [];
  const walk = (value: unknown, path: string[]) => {
    const key = path.at(-1) ?? "";
    if (NOT_WORDS.has(key) || fixed.includes(path.join("."))) return;
    const strings = Array.isArray(value) && value.every((item) => typeof item === "string");
    if (typeof value === "string" || (strings && value.length > 0)) {
      const text = value as string | string[];
      fields.push({
        path: path.join("."),
        label: labelOf(path),
        kind: kindOf(key, text),
        placeholders: placeholdersOf([text].flat().join(" ")),
      });
    } else if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) walk(item, [...path, String(i)]);
    } else if (value && typeof value === "object" && !isPicture(value)) {
      for (const [k, v] of Object.entries(value)) walk(v, [...path, k]);
    }
  };
  walk(defaults, []);
  return fields;
}

/** The page's content with the farm's texts in place of the first-run ones, where they fit. */
export function withTexts<T extends object>(
  defaults: T,
  texts: PageTexts | undefined,
  fixed: readonly string[] = [],
): T {
  if (!texts) return defaults;
  const page = structuredClone(defaults) as Record<string, unknown>;
  for (const field of textFieldsOf(defaults, fixed)) {
    const text = texts[field.path];
    if (isList(field.kind) ? !Array.isArray(text) : typeof text !== "string") continue;
    setAt(page, field.path, text);
  }
  return page as T;
}

/** Puts `value` at a dotted path of the page's content ("values.1.title"). */
function setAt(page: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split(".");
  const last = keys.pop() ?? "";
  const parent = keys.reduce<Record<string, unknown>>(
    (at, key) => at[key] as Record<string, unknown>,
    page,
  );
  parent[last] = value;
}

/** The page's current texts by path, as the editor starts from them. */
export function textsOf(page: object, fixed: readonly string[] = []): PageTexts {
  const texts: PageTexts = {};
  for (const field of textFieldsOf(page, fixed)) {
    const value = field.path
      .split(".")
      .reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], page);
    texts[field.path] = value as string | string[];
  }
  return texts;
}

/** A picture of the page the farm may replace from its media library, named by its path. */
export type PagePictureField = { path: string; label: string };

export const pictureFieldsOf = (paths: readonly string[]): PagePictureField[] =>
  paths.map((path) => ({ path, label: `${labelOf(path.split("."))} picture` }));

/**
 * The page with the library pictures the farm chose in place of the built
 * ones: a picture path's text is the chosen picture's id. A picture no longer
 * in the library leaves the built one.
 */
export function withPictures<T extends object>(
  page: T,
  texts: PageTexts | undefined,
  fields: readonly PagePictureField[],
  library: readonly { id: string }[],
): T {
  const chosen = fields.flatMap((field) => {
    const picture = library.find((p) => p.id === texts?.[field.path]);
    return picture ? [{ path: field.path, picture }] : [];
  });
  if (chosen.length === 0) return page;
  const copy = structuredClone(page) as Record<string, unknown>;
  for (const { path, picture } of chosen) setAt(copy, path, picture);
  return copy as T;
}

/** A list's items as the owner types them: paragraphs apart by a blank line, lines one a line. */
export const listSeparator = (kind: TextFieldKind) => (kind === "paragraphs" ? "\n\n" : "\n");

export function splitList(kind: TextFieldKind, text: string): string[] {
  const apart = kind === "paragraphs" ? /\n\s*\n/ : /\n/;
  return text
    .replace(/\r\n?/g, "\n")
    .split(apart)
    .map((item) => item.trim().replace(/\s*\n\s*/g, " "))
    .filter((item) => item !== "");
}

type Ctx = z.RefinementCtx;

/** Placeholders the page fills in: only the page's own, and every one but {farm} kept. */
function checkPlaceholders(field: PageTextField, text: string, ctx: Ctx) {
  const used = placeholdersOf(text);
  const unknown = used.find((p) => !field.placeholders.includes(p));
  const missing = field.placeholders.find((p) => p !== "{farm}" && !used.includes(p));
  const message = unknown
    ? `${field.label} can use ${field.placeholders.join(", ") || "no words in braces"}, not ${unknown}`
    : missing
      ? `${field.label} needs ${missing}: the page fills it in`
      : undefined;
  if (message) ctx.addIssue({ code: "custom", path: [field.path], message });
}

function readField(field: PageTextField, raw: unknown, ctx: Ctx): string | string[] | undefined {
  const fail = (message: string) => {
    ctx.addIssue({ code: "custom", path: [field.path], message });
    return undefined;
  };
  if (!isList(field.kind)) {
    const max = field.kind === "line" ? MAX_LINE : MAX_TEXT;
    // A text is one paragraph: lines the box wrapped or the owner broke join with a space.
    const joined = typeof raw === "string" ? raw.replace(/\s*\r?\n\s*/g, " ") : raw;
    const read = requiredText(field.label, max).safeParse(joined);
    if (!read.success) return fail(read.error.issues[0]?.message ?? "");
    checkPlaceholders(field, read.data, ctx);
    return read.data;
  }
  // Room for every item at its longest and the blank lines between them.
  const longest = (MAX_TEXT + 2) * MAX_ITEMS;
  const whole = requiredText(field.label, longest, { multiline: true }).safeParse(raw);
  if (!whole.success) return fail(whole.error.issues[0]?.message ?? "");
  const items = splitList(field.kind, whole.data);
  const max = field.kind === "lines" ? MAX_LINE : MAX_TEXT;
  if (items.length > MAX_ITEMS) return fail(`${field.label} can have at most ${MAX_ITEMS} items`);
  const long = items.findIndex((item) => item.length > max);
  if (long >= 0) return fail(`${field.label}: item ${long + 1} must be at most ${max} characters`);
  checkPlaceholders(field, items.join(" "), ctx);
  return items;
}

/**
 * The editor's form for a page with these fields: every text required, read
 * into PageTexts; a picture is a library picture's id, or empty for the built one.
 */
export function pageTextsFormSchema(
  fields: readonly PageTextField[],
  pictures: readonly PagePictureField[] = [],
) {
  return z.record(z.string(), z.unknown()).transform((values, ctx): PageTexts => {
    const texts: PageTexts = {};
    for (const field of fields) {
      const text = readField(field, values[field.path], ctx);
      if (text !== undefined) texts[field.path] = text;
    }
    for (const field of pictures) {
      const id = values[field.path] ?? "";
      if (id === "") continue;
      if (typeof id === "string" && isRowId(id)) texts[field.path] = id;
      else
        ctx.addIssue({
          code: "custom",
          path: [field.path],
          message: `Choose a ${field.label.toLowerCase()} from the list`,
        });
    }
    return texts;
  });
}

/** A page's texts as they are kept: checked against the page's fields when read. */
export const pageTextsSchema: z.ZodType<PageTexts> = z.record(
  z.string().max(200),
  z.union([z.string().max(MAX_TEXT), z.array(z.string().max(MAX_TEXT)).max(MAX_ITEMS)]),
);
