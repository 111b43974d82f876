import { imageTextLimits } from '@dso/contract';
import { plainCopy } from '@dso/domain';

/**
 * The pure rules of AI 图文 (docs/image-text.md): reading a model's note into title, body and points,
 * laying the points out on cards, and finding the works in an uploaded archive.
 */

/** A note as the cards and the page use it. */
export interface Note {
  title: string;
  body: string;
  points: string[];
}

/** The sandbox's label line and the section marks a script-shaped answer may carry. */
const LABEL_LINE = /^【沙箱示例输出/;
const CITATION = /【参考视频\d+】|（参考视频\d+）/g;
const POINT_LINE = /^\s*(?:\d{1,2}[.、．)]|[-*•])\s*(.+)$/;
const POINTS_MAX = 12;

const clean = (text: string) =>
  text
    .replace(/\*\*|__/g, '')
    .replace(CITATION, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Reads a model's answer: the title is the first `# ` heading or `标题：` line (else the first line of
 * text), the points are its numbered or bulleted lines without citation marks, and the body is the
 * whole answer without the title line, as plain copy (no sandbox label, no Markdown marks: it is
 * published as it is). Titles are cut to the title limit.
 */
export function parseNote(text: string, fallbackTitle: string): Note {
  const lines = text.split(/\r?\n/).filter((line) => !LABEL_LINE.test(line.trim()));
  let titleAt = lines.findIndex((line) => /^\s*#{1,3}\s+\S/.test(line) || /^\s*标题[:：]\s*\S/.test(line));
  if (titleAt < 0) titleAt = lines.findIndex((line) => line.trim() && !POINT_LINE.test(line));
  const rawTitle = titleAt >= 0 ? lines[titleAt]!.replace(/^\s*(?:#{1,3}\s+|标题[:：]\s*)/, '') : '';
  const title = Array.from(clean(rawTitle) || fallbackTitle)
    .slice(0, imageTextLimits.titleMax)
    .join('');
  const rest = lines.filter((_, index) => index !== titleAt);
  const points = rest
    .map((line) => POINT_LINE.exec(line)?.[1])
    .filter((point): point is string => Boolean(point))
    .map(clean)
    .filter(Boolean)
    .slice(0, POINTS_MAX);
  const body = Array.from(plainCopy(rest.join('\n')))
    .slice(0, imageTextLimits.bodyMax)
    .join('');
  return { title, body, points };
}

/**
 * The points each card after the cover lists: at most `cardCount - 1` cards, the points spread evenly
 * and in order (at most three a card, so a card stays readable; extra points stay in the body). A note
 * without points gets its body's sentences instead.
 */
export function cardPages(note: Note, cardCount: number): string[][] {
  const pagesMax = Math.max(1, cardCount - 1);
  let points = note.points;
  if (points.length === 0) {
    points = note.body
      .split(/(?<=[。！？!?])|\n/)
      .map(clean)
      .filter((sentence) => Array.from(sentence).length >= 6)
      .slice(0, pagesMax * 2);
  }
  if (points.length === 0) return [];
  const perPage = Math.min(3, Math.max(1, Math.ceil(points.length / pagesMax)));
  const pages: string[][] = [];
  for (let at = 0; at < points.length && pages.length < pagesMax; at += perPage) {
    pages.push(points.slice(at, at + perPage));
  }
  return pages;
}

/** A work found in an archive: its pictures' paths in order and the text file that names it, if any. */
export interface ArchiveWork {
  /** The folder it came from ('' for the archive's root). */
  folder: string;
  images: string[];
  textFile: string | null;
}

const IMAGE_EXTENSION = /\.(jpe?g|png|webp)$/i;
const TEXT_EXTENSION = /\.(txt|md)$/i;
/** Folders and files archivers and systems add that are nobody's work. */
const isNoise = (path: string) => path.split('/').some((part) => part.startsWith('.') || part === '__MACOSX');

const naturalOrder = new Intl.Collator('zh-CN', { numeric: true }).compare;

/**
 * The works of an archive (002 §5; the layout is ours, docs/image-text.md): every folder holding
 * pictures (.jpg, .png, .webp) is one work, its pictures in natural name order (at most
 * {@link imageTextLimits.imagesMax}); its first .txt or .md file gives the title (first line) and the
 * body (the rest). Pictures at the archive's root form one work too. Works come in folder order.
 */
export function archiveWorks(paths: readonly string[]): ArchiveWork[] {
  const folders = new Map<string, ArchiveWork>();
  for (const path of [...paths].sort(naturalOrder)) {
    if (isNoise(path)) continue;
    const at = path.lastIndexOf('/');
    const folder = at < 0 ? '' : path.slice(0, at);
    const work = folders.get(folder) ?? { folder, images: [], textFile: null };
    if (IMAGE_EXTENSION.test(path)) work.images.push(path);
    else if (TEXT_EXTENSION.test(path)) work.textFile ??= path;
    else continue;
    folders.set(folder, work);
  }
  return [...folders.values()]
    .filter((work) => work.images.length > 0)
    .sort((a, b) => naturalOrder(a.folder, b.folder))
    .map((work) => ({ ...work, images: work.images.slice(0, imageTextLimits.imagesMax) }));
}

/**
 * A work's title and body from its text file (first non-empty line, without a `标题：` or `# ` lead;
 * the rest is the body), else from its folder's name, else from the archive's name.
 */
export function archiveWorkText(
  work: Pick<ArchiveWork, 'folder'>,
  text: string | null,
  archiveName: string,
): { title: string; body: string } {
  const lines = (text ?? '').split(/\r?\n/);
  const first = lines.findIndex((line) => line.trim());
  const fromText = first >= 0 ? clean(lines[first]!.replace(/^\s*(?:#{1,3}\s+|标题[:：]\s*)/, '')) : '';
  const fromFolder = work.folder.split('/').pop() ?? '';
  const fromArchive = archiveName.replace(/\.(zip|tar)$/i, '');
  const title = Array.from(fromText || fromFolder || fromArchive || '图文作品')
    .slice(0, imageTextLimits.titleMax)
    .join('');
  const body =
    first >= 0
      ? lines
          .slice(first + 1)
          .join('\n')
          .trim()
      : '';
  return { title, body: Array.from(body).slice(0, imageTextLimits.bodyMax).join('') };
}
