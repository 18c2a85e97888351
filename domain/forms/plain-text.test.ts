import { describe, expect, it } from "vitest";
import { isPlainText } from "./plain-text";

describe("plain text", () => {
  it("refuses NUL and every other control character in one-line text", () => {
    for (const c of ["\u0000", "\u0001", "\u0008", "\t", "\n", "\r", "\u001b", "\u007f"])
      expect(isPlainText(`a${c}b`), JSON.stringify(c)).toBe(false);
  });

  it("refuses the C1 controls and the line and paragraph separators, in one-line and multi-line text", () => {
    for (const c of ["\u0080", "\u0085", "\u009b", "\u009f", "\u2028", "\u2029"]) {
      expect(isPlainText(`a${c}b`), JSON.stringify(c)).toBe(false);
      expect(isPlainText(`a${c}b`, { multiline: true }), JSON.stringify(c)).toBe(false);
    }
    // Their neighbours are letters and spaces people type.
    expect(isPlainText("\u00a0\u00a9 \u2027\u202f")).toBe(true);
  });

  it("keeps newlines and tabs in multi-line text, and still refuses NUL", () => {
    expect(isPlainText("line one\r\nline two\tend", { multiline: true })).toBe(true);
    expect(isPlainText("a\u0000b", { multiline: true })).toBe(false);
    expect(isPlainText("a\u000bb", { multiline: true })).toBe(false);
  });

  it("accepts what people type, accents and emoji included", () => {
    expect(isPlainText("Zoë O'Brien-Ngata 🐄 — café")).toBe(true);
  });
});
