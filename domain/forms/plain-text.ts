// Text a person types never holds control characters: a NUL cannot even be
// stored by PostgreSQL, and the others only hide things from the reader. That
// is the C0 controls (U+0000–U+001F), DEL and the C1 controls (U+0080–U+009F,
// which some programs take for a newline or an escape), and the line and
// paragraph separators U+2028 and U+2029 (new lines to some readers, not to
// others). Multi-line text keeps its newlines and tabs. Every schema of a form
// or API body that takes free text applies this, so the browser and the server
// refuse the same input with the same message, naming the field.

const CONTROL = /[\p{Cc}\u2028\u2029]/u;
const CONTROL_BUT_LINES = /(?![\t\n\r])[\p{Cc}\u2028\u2029]/u;

export function isPlainText(value: string, { multiline = false } = {}): boolean {
  return !(multiline ? CONTROL_BUT_LINES : CONTROL).test(value);
}

export const controlCharacterMessage = (label: string) =>
  `${label} has a character that cannot be used here (a control character). Please type it again.`;

/** The arguments of a zod `.refine` that refuses control characters: `.refine(...plainText("Name"))`. */
export const plainText = (label: string, options: { multiline?: boolean } = {}) =>
  [
    (value: string) => isPlainText(value, options),
    { message: controlCharacterMessage(label) },
  ] as const;

/**
 * The path ("body.guest.name") of the first string or key inside a parsed
 * body that `isPlain` refuses, if any; for bodies no schema of ours reads.
 * Walked with a stack, not recursion: a deeply nested body must not overflow
 * the call stack.
 */
export function pathOfUnplainText(
  body: unknown,
  isPlain: (text: string) => boolean = (text) => isPlainText(text),
): string | undefined {
  const pending: [unknown, string][] = [[body, "body"]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, path] = next;
    if (typeof value === "string") {
      if (!isPlain(value)) return path;
    } else if (value && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) {
        if (!isPlain(key)) return path;
        pending.push([item, `${path}.${key}`]);
      }
    }
  }
  return undefined;
}
