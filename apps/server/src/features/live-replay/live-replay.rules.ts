import type { TranscriptSegment } from '../../db/schema/extraction';
import type { LiveReplayReportRecord } from '../../db/schema/live-replay';

/**
 * The measured half of a live replay's report, pure: the transcript cut into stretches, when each good
 * was talked about, the rises of the online curve with what was said then, and the quietest moment.
 * The model only names, sums up and judges these facts (docs/live-replay.md).
 */

export interface CurveMinute {
  minute: number;
  online: number;
}

export interface ReplayGood {
  title: string;
  price_fen: number | null;
  sales: number | null;
}

/** Minutes before a minute that its rise is measured against. */
const RISE_WINDOW = 5;
/** Peaks are at least this many minutes apart. */
const PEAK_GAP = 10;
const PEAKS_MAX = 3;
const SAID_MAX = 60;

const clip = (text: string, max: number) => {
  const chars = Array.from(text.replace(/\s+/g, ''));
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : chars.join('');
};

/**
 * How many stretches a timeline has: one per 10 minutes, at least 3 and at most 12 (never more than
 * there are pieces of transcript).
 */
export function blockCount(durationSeconds: number, segments: number): number {
  return Math.max(1, Math.min(segments, Math.max(3, Math.min(12, Math.round(durationSeconds / 600)))));
}

/** The transcript cut into `count` stretches of about equal time, each holding whole pieces. */
export function blocksOf(segments: TranscriptSegment[], count: number) {
  if (segments.length === 0) return [];
  const start = segments[0]!.start;
  const end = segments.at(-1)!.end;
  const span = Math.max(1, end - start) / count;
  const blocks: Array<{ index: number; start: number; end: number; pieces: TranscriptSegment[] }> = [];
  for (const segment of segments) {
    const index = Math.min(count - 1, Math.floor((segment.start - start) / span));
    const last = blocks.at(-1);
    if (last && last.index === index) {
      last.pieces.push(segment);
      last.end = segment.end;
    } else blocks.push({ index, start: segment.start, end: segment.end, pieces: [segment] });
  }
  // Renumber: an empty stretch of time leaves no block.
  return blocks.map((block, index) => ({
    index,
    start: block.start,
    end: block.end,
    text: block.pieces.map((piece) => piece.text).join(''),
  }));
}

/**
 * What a good is called when spoken: its title, and the parts of a long title (split at spaces,
 * brackets and punctuation) of 3 to 12 characters that no other good's title shares.
 */
export function mentionKeys(good: ReplayGood, goods: ReplayGood[]): string[] {
  const parts = good.title
    .split(/[\s【】[\]（）()·,，、|/+\-_:：]+/)
    .map((part) => part.trim())
    .filter((part) => Array.from(part).length >= 3 && Array.from(part).length <= 12 && part !== good.title);
  const others = goods.filter((other) => other.title !== good.title);
  return [good.title, ...parts.filter((part) => !others.some((other) => other.title.includes(part)))];
}

/** Each good with the start of every transcript piece that names it, in the goods' order. */
export function mentionsOf(goods: ReplayGood[], segments: TranscriptSegment[]): LiveReplayReportRecord['mentions'] {
  return goods.map((good) => {
    const keys = mentionKeys(good, goods);
    const moments = segments
      .filter((segment) => keys.some((key) => segment.text.includes(key)))
      .map((segment) => segment.start);
    return { title: good.title, price: good.price_fen, count: moments.length, moments };
  });
}

/** What was said around a minute (the pieces overlapping it and the minute before). */
export function saidAt(segments: TranscriptSegment[], minute: number): string {
  const from = (minute - 1) * 60;
  const to = (minute + 1) * 60;
  return clip(
    segments
      .filter((segment) => segment.end > from && segment.start < to)
      .map((segment) => segment.text)
      .join(''),
    SAID_MAX,
  );
}

/**
 * The rises of the online curve:
 * 1. a minute's rise is its online count less the lowest of the 5 minutes before it;
 * 2. a rise counts when it is at least 10 % of the session's mean online and at least 5 viewers;
 * 3. the biggest rises are taken first, each at least 10 minutes from those taken, 3 at most;
 * 4. they are listed in time order, each with what was being said then.
 */
export function peaksOf(curve: CurveMinute[], segments: TranscriptSegment[]): LiveReplayReportRecord['peaks'] {
  if (curve.length < 2) return [];
  const mean = curve.reduce((sum, entry) => sum + entry.online, 0) / curve.length;
  const floor = Math.max(5, mean * 0.1);
  const rises = curve
    .map((entry, index) => {
      const before = curve.slice(Math.max(0, index - RISE_WINDOW), index);
      const rise = before.length ? entry.online - Math.min(...before.map((item) => item.online)) : 0;
      return { minute: entry.minute, online: entry.online, rise };
    })
    .filter((entry) => entry.rise >= floor)
    .sort((a, b) => b.rise - a.rise || a.minute - b.minute);
  const taken: typeof rises = [];
  for (const rise of rises) {
    if (taken.length >= PEAKS_MAX) break;
    if (taken.every((other) => Math.abs(other.minute - rise.minute) >= PEAK_GAP)) taken.push(rise);
  }
  return taken.sort((a, b) => a.minute - b.minute).map((rise) => ({ ...rise, said: saidAt(segments, rise.minute) }));
}

/**
 * The moment the audience fell away most, worth acting on:
 * 1. each minute's fall is how far its online count is below the highest count before it;
 * 2. the last 5 minutes (the close) do not count;
 * 3. the deepest fall is taken when it is at least 10 % of that highest count, else there is none.
 */
export function lowOf(curve: CurveMinute[]): CurveMinute | null {
  let highest = 0;
  let deepest: { entry: CurveMinute; fall: number; highest: number } | null = null;
  for (const entry of curve.slice(0, Math.max(0, curve.length - 5))) {
    const fall = highest - entry.online;
    if (fall > 0 && (!deepest || fall > deepest.fall)) deepest = { entry, fall, highest };
    highest = Math.max(highest, entry.online);
  }
  return deepest && deepest.fall >= deepest.highest * 0.1 ? deepest.entry : null;
}

/** The mean online count over a stretch of seconds (null without a curve or minutes in it). */
export function meanOnline(curve: CurveMinute[], start: number, end: number): number | null {
  const inside = curve.filter((entry) => entry.minute * 60 >= Math.floor(start / 60) * 60 && entry.minute * 60 < end);
  if (inside.length === 0) return null;
  return Math.round(inside.reduce((sum, entry) => sum + entry.online, 0) / inside.length);
}

/**
 * Whether a file starts like audio or video the product takes: an ISO media file (mp4, mov, m4a: a
 * `ftyp`, `moov`, `mdat`, `free` or `wide` box first), Matroska/WebM, FLV, MP3 (an ID3 tag or a frame
 * sync), AAC in ADTS, WAV, Ogg or FLAC. Anything else (an archive, a document, a renamed text) is not.
 */
export function isMediaHead(head: Uint8Array): boolean {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head.length < 12) return false;
  if (['ftyp', 'moov', 'mdat', 'free', 'wide'].includes(ascii(4, 8))) return true;
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return true;
  if (ascii(0, 3) === 'FLV' || ascii(0, 3) === 'ID3') return true;
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return true;
  if (ascii(0, 4) === 'OggS' || ascii(0, 4) === 'fLaC') return true;
  // MPEG audio frame sync (MP3) or ADTS (AAC): 11 set bits.
  return head[0] === 0xff && (head[1]! & 0xe0) === 0xe0;
}

/** The lower-case ending of a file name, or '' without one. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}
