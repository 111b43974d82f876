/*
 * The Markdown of the legal documents (docs/legal.md), read into plain blocks the web page renders as
 * React elements: an operator's file can format text but never inject HTML. The subset:
 * 1. `#`, `##`, `###` headings;
 * 2. `-` / `*` and `1.` list items (one level), consecutive ones forming one list;
 * 3. `|` tables whose second row is the `---` separator (the first row is the header);
 * 4. `---` alone: a rule;
 * 5. other lines: paragraphs, a blank line ending one;
 * 6. inline: `**bold**` and `[text](link)`, where a link is a site path (`/…`) or http(s); any other
 *    link stays as its text.
 */

export type MarkdownInline =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; text: string }
  | { kind: 'link'; text: string; href: string };

export type MarkdownBlock =
  | { kind: 'heading'; level: 1 | 2 | 3; content: MarkdownInline[] }
  | { kind: 'paragraph'; content: MarkdownInline[] }
  | { kind: 'list'; ordered: boolean; items: MarkdownInline[][] }
  | { kind: 'table'; header: MarkdownInline[][]; rows: MarkdownInline[][][] }
  | { kind: 'rule' };

const SAFE_HREF = /^(\/(?!\/)|https?:\/\/)/i;

/** Rule 6: bold and links; everything else is text. */
export function parseInline(text: string): MarkdownInline[] {
  const parts: MarkdownInline[] = [];
  const pattern = /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  const pushText = (value: string) => {
    if (!value) return;
    const previous = parts.at(-1);
    if (previous?.kind === 'text') previous.text += value;
    else parts.push({ kind: 'text', text: value });
  };
  for (const match of text.matchAll(pattern)) {
    pushText(text.slice(last, match.index));
    if (match[1] !== undefined) parts.push({ kind: 'strong', text: match[1] });
    else if (SAFE_HREF.test(match[3]!)) parts.push({ kind: 'link', text: match[2]!, href: match[3]! });
    else pushText(match[2]!);
    last = match.index + match[0].length;
  }
  pushText(text.slice(last));
  return parts;
}

const HEADING = /^(#{1,3})\s+(.*)$/;
const BULLET = /^[-*]\s+(.*)$/;
const NUMBERED = /^\d+[.)、]\s*(.*)$/;
const RULE = /^(-{3,}|\*{3,})$/;
const TABLE_SEPARATOR = /^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?$/;

const cellsOf = (line: string) =>
  line
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => parseInline(cell.trim()));

/** Reads a document into blocks (rules 1–5 above). */
export function parseMarkdown(source: string): MarkdownBlock[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: MarkdownBlock[] = [];
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', content: parseInline(paragraph.join('')) });
    paragraph = [];
  };
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!.trim();
    const heading = HEADING.exec(line);
    const bullet = BULLET.exec(line);
    const numbered = NUMBERED.exec(line);
    if (line === '') {
      endParagraph();
    } else if (heading) {
      endParagraph();
      blocks.push({ kind: 'heading', level: heading[1]!.length as 1 | 2 | 3, content: parseInline(heading[2]!) });
    } else if (RULE.test(line)) {
      endParagraph();
      blocks.push({ kind: 'rule' });
    } else if (line.startsWith('|') && TABLE_SEPARATOR.test(lines[index + 1]?.trim() ?? '')) {
      endParagraph();
      const rows: MarkdownInline[][][] = [];
      index += 2;
      while (index < lines.length && lines[index]!.trim().startsWith('|')) rows.push(cellsOf(lines[index++]!.trim()));
      index -= 1;
      blocks.push({ kind: 'table', header: cellsOf(line), rows });
    } else if (bullet || numbered) {
      endParagraph();
      const ordered = !bullet;
      const item = parseInline((bullet ?? numbered)![1]!);
      const previous = blocks.at(-1);
      if (previous?.kind === 'list' && previous.ordered === ordered) previous.items.push(item);
      else blocks.push({ kind: 'list', ordered, items: [item] });
    } else {
      paragraph.push(line);
    }
  }
  endParagraph();
  return blocks;
}
