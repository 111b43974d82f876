/*
 * The part of pdfkit 0.17 the invoice renderer uses (the package ships no types and @types/pdfkit is
 * not installed). Delete this file if @types/pdfkit is ever added.
 */
declare module 'pdfkit' {
  /** Document information dictionary entries. */
  interface PDFInfo {
    Title?: string;
    Author?: string;
    Subject?: string;
    Keywords?: string;
    Creator?: string;
    Producer?: string;
    CreationDate?: Date;
    ModDate?: Date;
  }

  interface PDFPageOptions {
    /** [width, height] in points, or a named size such as 'A4'. */
    size?: [number, number] | string;
    margin?: number;
  }

  interface PDFDocumentOptions extends PDFPageOptions {
    /** Open the first page at once (default true); false leaves it to addPage. */
    autoFirstPage?: boolean;
    /** Keep pages open until `end` so earlier ones can be drawn on again (page numbers "of N"). */
    bufferPages?: boolean;
    /** Deflate the content and font streams (default true). */
    compress?: boolean;
    pdfVersion?: '1.3' | '1.4' | '1.5' | '1.6' | '1.7' | '1.7ext3';
    /** The document language, e.g. 'zh-CN'. */
    lang?: string;
    /** Viewers show info.Title instead of the file name. */
    displayTitle?: boolean;
    info?: PDFInfo;
  }

  interface TextOptions {
    width?: number;
    height?: number;
    align?: 'left' | 'center' | 'right' | 'justify';
    lineBreak?: boolean;
    lineGap?: number;
    characterSpacing?: number;
  }

  /** The fontkit face behind an embedded font (internal to pdfkit, read only to check glyph coverage). */
  interface FontkitFace {
    hasGlyphForCodePoint(codePoint: number): boolean;
  }

  class PDFDocument {
    constructor(options?: PDFDocumentOptions);
    info: PDFInfo;
    /** The current font; `font` is set for embedded (non-standard) fonts. Internal to pdfkit. */
    readonly _font: { font?: FontkitFace } | null;
    on(event: 'data', listener: (chunk: Buffer) => void): this;
    on(event: 'end', listener: () => void): this;
    on(event: 'error', listener: (error: Error) => void): this;
    end(): void;
    addPage(options?: PDFPageOptions): this;
    /** With `bufferPages`: the pages still open (0-based `start`, `count`). */
    bufferedPageRange(): { start: number; count: number };
    /** With `bufferPages`: draws on an earlier page again. */
    switchToPage(index: number): this;
    /** A font file (for a collection, `family` is the face's PostScript name) or a standard font name. */
    font(src: string | Buffer, family?: string): this;
    fontSize(size: number): this;
    currentLineHeight(includeGap?: boolean): number;
    text(text: string, x: number, y: number, options?: TextOptions): this;
    widthOfString(text: string, options?: TextOptions): number;
    heightOfString(text: string, options?: TextOptions): number;
    fillColor(color: string): this;
    strokeColor(color: string): this;
    fillOpacity(opacity: number): this;
    opacity(opacity: number): this;
    lineWidth(width: number): this;
    moveTo(x: number, y: number): this;
    lineTo(x: number, y: number): this;
    rect(x: number, y: number, width: number, height: number): this;
    roundedRect(x: number, y: number, width: number, height: number, radius: number): this;
    circle(x: number, y: number, radius: number): this;
    stroke(color?: string): this;
    fill(color?: string): this;
    fillAndStroke(fillColor?: string, strokeColor?: string): this;
    save(): this;
    restore(): this;
    rotate(angle: number, options?: { origin?: [number, number] }): this;
  }

  export default PDFDocument;
}
