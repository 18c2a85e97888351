// The part of fontkit (pdfkit's font engine) that pdf-text.ts uses; it ships no types.
declare module "fontkit" {
  export interface Font {
    unitsPerEm: number;
    ascent: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
    /**
     * The tables decoded so far, by tag (fontkit 2.0's, not documented): a
     * font given another's shares its decoding, as fontkit's getVariation does.
     */
    _tables: Record<string, unknown>;
  }
  /** Opens a font from its bytes (TTF, OTF, WOFF or WOFF2). */
  export function create(buffer: Uint8Array): Font;
}
