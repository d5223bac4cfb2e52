/** The part of fontkit (pdfkit's font engine) the documents use: whether a typeface draws a character. */
declare module 'fontkit' {
  export interface Font {
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function create(buffer: Buffer): Font;
}
