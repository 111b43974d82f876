import { existsSync } from 'node:fs';
import { findInvoiceFont } from '../invoice/invoice-font';
import type { CardContent, CardStyle, ImageProvider } from './index';

/** Cards are 3:4, the shape image-text platforms (Douyin 图文, 小红书) show best. */
export const CARD_WIDTH = 1080;
export const CARD_HEIGHT = 1440;
const MARGIN = 96;
/** Under every sandbox card, so no one takes it for a model's picture. */
export const SANDBOX_CARD_LABEL = 'DSO AI图文 · 沙箱示例卡片';
/** The faces named in the SVG; resvg picks the first it was given a file for. */
const FONT_FAMILIES =
  "'Noto Sans CJK SC', 'Source Han Sans SC', 'Source Han Sans CN', 'WenQuanYi Micro Hei', 'WenQuanYi Zen Hei', sans-serif";

export interface SandboxImageOptions {
  /** A CJK font file; without it the usual system locations are searched (fonts-noto-cjk on Debian). */
  fontPath?: string;
}

export const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char]!);

/** Width of a character in ems: CJK and full-width ones are square, Latin ones about half. */
const charWidth = (char: string) => ((char.codePointAt(0) ?? 0) <= 0xff ? 0.56 : 1);

/**
 * Emoji and their joiners and variation selectors. The pictures are drawn by resvg with the CJK font files, and
 * resvg draws outline fonts only: a colour emoji font cannot be given to it, so an emoji came out as an empty box.
 */
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|[\u200d\ufe0e\ufe0f]|[\u{1f3fb}-\u{1f3ff}]/gu;

/**
 * Breaks a text into lines that fit `width` pixels at `size`, at most `maxLines` (the last one ends in
 * … when the text goes on). Chinese breaks anywhere; runs of Latin letters and digits stay whole. Emoji are left
 * out (see EMOJI).
 */
export function wrapText(text: string, size: number, width: number, maxLines: number): string[] {
  const tokens =
    text
      .replace(EMOJI, '')
      .replace(/\s+/g, ' ')
      .trim()
      .match(/[A-Za-z0-9.%+-]+|./gu) ?? [];
  const lines: string[] = [];
  let line = '';
  let lineWidth = 0;
  for (const token of tokens) {
    const tokenWidth = Array.from(token).reduce((sum, char) => sum + charWidth(char), 0) * size;
    if (lineWidth + tokenWidth > width && line) {
      lines.push(line.trimEnd());
      line = '';
      lineWidth = 0;
      if (token === ' ') continue;
    }
    line += token;
    lineWidth += tokenWidth;
  }
  if (line.trim()) lines.push(line.trimEnd());
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${Array.from(kept[maxLines - 1]!)
    .slice(0, -1)
    .join('')}…`;
  return kept;
}

function textLines(lines: string[], x: number, y: number, size: number, lineHeight: number, attrs: string) {
  return lines
    .map(
      (line, index) =>
        `<text x="${x}" y="${y + index * lineHeight}" font-size="${size}" ${attrs}>${escapeXml(line)}</text>`,
    )
    .join('');
}

function background(style: CardStyle): string {
  if (style.template === 'gradient') {
    return `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${style.primaryColor}"/><stop offset="1" stop-color="${style.backgroundColor}"/></linearGradient></defs><rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="url(#bg)"/><circle cx="${CARD_WIDTH - 80}" cy="140" r="220" fill="#ffffff" fill-opacity="0.08"/><circle cx="60" cy="${CARD_HEIGHT - 160}" r="260" fill="#ffffff" fill-opacity="0.06"/>`;
  }
  const base = `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="${style.backgroundColor}"/>`;
  if (style.template === 'solid') {
    return `${base}<rect x="0" y="0" width="${CARD_WIDTH}" height="24" fill="${style.primaryColor}"/>`;
  }
  // A notebook: ruled lines and a margin rule in the accent colour.
  const rules = Array.from(
    { length: Math.floor((CARD_HEIGHT - 200) / 72) },
    (_, index) =>
      `<line x1="${MARGIN - 40}" y1="${200 + index * 72}" x2="${CARD_WIDTH - MARGIN + 40}" y2="${200 + index * 72}" stroke="${style.textColor}" stroke-opacity="0.10" stroke-width="2"/>`,
  ).join('');
  return `${base}${rules}<line x1="${MARGIN - 56}" y1="0" x2="${MARGIN - 56}" y2="${CARD_HEIGHT}" stroke="${style.primaryColor}" stroke-opacity="0.6" stroke-width="4"/>`;
}

/** The card as SVG: the cover (tag, headline, page count) or a page of numbered points. */
export function cardSvg(card: CardContent, style: CardStyle): string {
  const size = style.fontSize;
  const inner = CARD_WIDTH - MARGIN * 2;
  const fill = `fill="${style.textColor}"`;
  const parts: string[] = [background(style)];
  if (card.index === 0) {
    const titleSize = Math.round(size * 2.1);
    const title = wrapText(card.title, titleSize, inner, 5);
    const top = Math.round(CARD_HEIGHT / 2 - (title.length * titleSize * 1.3) / 2);
    const tag = `# ${card.keyword}`;
    const tagWidth = Math.ceil(Array.from(tag).reduce((sum, char) => sum + charWidth(char), 0) * size * 0.8) + 48;
    parts.push(
      `<rect x="${MARGIN}" y="${top - titleSize - 110}" width="${tagWidth}" height="${Math.round(size * 1.5)}" rx="${Math.round(size * 0.75)}" fill="${style.primaryColor}" fill-opacity="${style.template === 'gradient' ? 0.35 : 1}"/>`,
      textLines(
        [tag],
        MARGIN + 24,
        top - titleSize - 110 + Math.round(size * 1.02),
        Math.round(size * 0.8),
        0,
        'fill="#ffffff" font-weight="bold"',
      ),
      textLines(title, MARGIN, top, titleSize, Math.round(titleSize * 1.3), `${fill} font-weight="bold"`),
      `<rect x="${MARGIN}" y="${top + title.length * Math.round(titleSize * 1.3) - titleSize / 2}" width="160" height="12" rx="6" fill="${style.primaryColor}"/>`,
      textLines(
        [`共 ${card.total - 1} 页干货 · 左滑查看`],
        MARGIN,
        top + title.length * Math.round(titleSize * 1.3) + size * 1.2,
        Math.round(size * 0.8),
        0,
        `${fill} fill-opacity="0.8"`,
      ),
    );
  } else {
    const headSize = Math.round(size * 0.85);
    parts.push(
      textLines(wrapText(card.title, headSize, inner - 160, 1), MARGIN, 150, headSize, 0, `${fill} fill-opacity="0.7"`),
      textLines(
        [`${card.index}/${card.total - 1}`],
        CARD_WIDTH - MARGIN - 120,
        150,
        headSize,
        0,
        `fill="${style.primaryColor}" font-weight="bold"`,
      ),
    );
    // Fewer points are drawn larger; the block sits in the middle of the space under the running head.
    const pointSize =
      card.points.length <= 1 ? Math.round(size * 1.3) : card.points.length === 2 ? Math.round(size * 1.15) : size;
    const lineHeight = Math.round(pointSize * 1.55);
    const gap = pointSize * 1.4;
    const blocks = card.points.map((point) => wrapText(point, pointSize, inner - pointSize * 2, 6));
    const top = 230;
    const bottom = CARD_HEIGHT - 160;
    const height = blocks.reduce((sum, lines) => sum + lines.length * lineHeight, 0) + gap * (blocks.length - 1);
    let y = Math.max(top + pointSize, Math.round(top + (bottom - top - height) / 2 + pointSize));
    const firstNumber = card.firstNumber ?? (card.index - 1) * card.points.length + 1;
    for (const [offset, lines] of blocks.entries()) {
      const number = String(firstNumber + offset);
      if (y + (lines.length - 1) * lineHeight > bottom) break;
      parts.push(
        `<circle cx="${MARGIN + pointSize * 0.6}" cy="${y - pointSize * 0.35}" r="${pointSize * 0.7}" fill="${style.primaryColor}"/>`,
        textLines(
          [number],
          MARGIN + pointSize * 0.6 - (number.length * pointSize * 0.56 * 0.8) / 2,
          y,
          Math.round(pointSize * 0.8),
          0,
          'fill="#ffffff" font-weight="bold"',
        ),
        textLines(lines, MARGIN + pointSize * 2, y, pointSize, lineHeight, fill),
      );
      y += lines.length * lineHeight + gap;
    }
  }
  parts.push(textLines([SANDBOX_CARD_LABEL], MARGIN, CARD_HEIGHT - 72, 28, 0, `${fill} fill-opacity="0.55"`));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}" font-family="${FONT_FAMILIES}">${parts.join('')}</svg>`;
}

/** The CJK font files to draw with: the regular face found like the invoice's, and its bold sibling. */
export function fontFiles(fontPath?: string): string[] {
  const font = findInvoiceFont(fontPath ? { fontPath } : {});
  const bold = font.path.replace(/Regular/, 'Bold');
  return bold !== font.path && existsSync(bold) ? [font.path, bold] : [font.path];
}

/**
 * The sandbox: draws each card as SVG and renders it to PNG with resvg, in a CJK font found on this
 * machine (fonts-noto-cjk), offline and deterministic. A missing font fails the call with the same
 * message the invoices give, so the work's images fail with a reason rather than as empty boxes.
 */
export function createSandboxImages(options: SandboxImageOptions = {}): ImageProvider {
  let files: string[] | null = null;
  return {
    name: 'sandbox',
    isSandbox: true,
    concurrency: 2,
    async generate(request) {
      files ??= fontFiles(options.fontPath);
      const svg = cardSvg(request.card, request.style);
      // The native renderer is loaded at the first card, not at start-up (a server that draws none keeps its memory).
      const { Resvg } = await import('@resvg/resvg-js');
      const rendered = new Resvg(svg, {
        font: { fontFiles: files, loadSystemFonts: false, defaultFontFamily: 'Noto Sans CJK SC' },
      }).render();
      return { data: new Uint8Array(rendered.asPng()), mime: 'image/png' };
    },
  };
}
