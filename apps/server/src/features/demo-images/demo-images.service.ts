import { type ChildProcess, fork } from 'node:child_process';
import { entryFile } from '../../lib/server-files';
import { fontFiles } from '../../providers/image/sandbox';
import { InvoiceFontMissingError } from '../../providers/invoice/invoice-font';
import { type DemoImageKind, type DemoImageRequest, demoImageSvg } from './demo-images.svg';

/** Where the pictures are served; unsigned, since an <img> cannot sign its request. */
export const DEMO_IMAGE_PREFIX = '/api/demo-image/';
/** The route: a kind and the row's key with its format, `cover/7301….png`. */
export const DEMO_IMAGE_ROUTE = `${DEMO_IMAGE_PREFIX}:kind/:file`;

/** The widths a picture may be drawn at: a few, so the cache holds few variants and nobody asks for a poster. */
export const demoImageWidths = [64, 128, 240, 360, 540] as const;

/** The width drawn when none is asked: the list size, sharp on a 2× screen for avatars and goods. */
export const defaultWidthOf: Record<DemoImageKind, number> = { cover: 360, live: 360, avatar: 128, goods: 240 };

/** Longest texts a URL may carry, longer ones are refused: a cover shows three lines of about 13 characters. */
export const demoImageTextLimits = { title: 40, subject: 20, category: 10 } as const;

export interface DemoImageSubject {
  /** The row's own id: digits, letters, _ and - (aweme id, creator id, product id, room id). */
  key: string;
  title: string;
  subject?: string;
  category: string;
}

/**
 * The URL of a demo row's picture. The texts ride in the query so the picture needs no database read
 * (a list of 20 works costs no extra query) and every URL names exactly one set of bytes, which is
 * what makes the year-long immutable caching safe.
 */
export function demoImageUrl(kind: DemoImageKind, subject: DemoImageSubject): string {
  const query = new URLSearchParams({ c: subject.category, t: cut(subject.title, demoImageTextLimits.title) });
  if (subject.subject) query.set('s', cut(subject.subject, demoImageTextLimits.subject));
  // Chinese stays unescaped (an IRI, which browsers escape as they ask): a third of the bytes in each stored row.
  const readable = query.toString().replace(/(?:%[89A-F][0-9A-F])+/g, decodeURIComponent);
  return `${DEMO_IMAGE_PREFIX}${kind}/${subject.key.replace(/[^A-Za-z0-9_-]/g, '_')}.png?${readable}`;
}

const cut = (text: string, limit: number) => Array.from(text).slice(0, limit).join('');

export interface DemoImageRenderer {
  render(request: DemoImageRequest): Promise<Buffer>;
  /** Lets the drawing process go (the server closes). */
  close(): void;
}

export interface DemoImageRendererOptions {
  /** Bytes of PNG kept in memory, least recently used dropped first. */
  cacheBytes?: number;
  /** A CJK font file; by default the one the invoices and image cards find (fonts-noto-cjk). */
  fontPath?: string;
  /** How long the drawing process stays after its last picture. */
  idleMs?: number;
  log?: { warn(message: string): void };
}

type ChildAnswer = { id: number; png: Uint8Array } | { id: number; error: string };

/**
 * The drawing process: forked at the first picture, let go after `idleMs` without one. resvg keeps about
 * a hundred megabytes resident while it draws (measured in docs/videos.md); in a process of its own that
 * memory is never the server's, and it is all given back when the process ends.
 */
function createDrawingProcess(idleMs: number) {
  const entry = entryFile('demo-images.child');
  type Waiter = { resolve(png: Buffer): void; reject(error: Error): void };
  // Each process answers its own requests: one let go may end after the next has started.
  let child: { process: ChildProcess; waiting: Map<number, Waiter> } | null = null;
  let idle: NodeJS.Timeout | undefined;
  let nextId = 0;

  const stop = () => {
    clearTimeout(idle);
    child?.process.kill();
    child = null;
  };
  const start = () => {
    const waiting = new Map<number, Waiter>();
    const started = fork(entry, [], {
      execArgv: [],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    started.on('message', (answer: ChildAnswer) => {
      const waiter = waiting.get(answer.id);
      waiting.delete(answer.id);
      if ('png' in answer) waiter?.resolve(Buffer.from(answer.png));
      else waiter?.reject(new Error(answer.error));
    });
    started.on('exit', () => {
      if (child?.process === started) child = null;
      for (const waiter of waiting.values()) waiter.reject(new Error('the demo picture process ended'));
      waiting.clear();
    });
    // Only a picture being drawn keeps the server's event loop (and a test run) alive.
    started.unref();
    started.channel?.unref();
    return { process: started, waiting };
  };

  return {
    draw(svg: string, fonts: string[]): Promise<Buffer> {
      clearTimeout(idle);
      child ??= start();
      const current = child;
      const id = nextId++;
      current.process.channel?.ref();
      return new Promise<Buffer>((resolve, reject) => {
        current.waiting.set(id, { resolve, reject });
        current.process.send({ id, svg, fontFiles: fonts });
      }).finally(() => {
        if (current.waiting.size > 0) return;
        current.process.channel?.unref();
        idle = setTimeout(stop, idleMs);
        idle.unref();
      });
    },
    stop,
  };
}

/**
 * Draws pictures on demand, one at a time (two shared cores, and each drawing loads the font), and keeps
 * the PNGs in a bounded LRU; asking again for a picture being drawn waits for that drawing. Without a
 * CJK font the scene is still drawn, only the text is missing, so a machine without fonts-noto-cjk shows
 * pictures rather than broken images.
 */
export function createDemoImageRenderer(options: DemoImageRendererOptions = {}): DemoImageRenderer {
  const cacheBytes = options.cacheBytes ?? 8 * 1024 * 1024;
  const cache = new Map<string, Buffer>();
  const drawing = new Map<string, Promise<Buffer>>();
  const drawer = createDrawingProcess(options.idleMs ?? 30_000);
  let usedBytes = 0;
  let queue: Promise<unknown> = Promise.resolve();
  let files: string[] | null = null;

  const fonts = () => {
    if (files) return files;
    try {
      files = fontFiles(options.fontPath);
    } catch (error) {
      if (!(error instanceof InvoiceFontMissingError)) throw error;
      options.log?.warn(`demo pictures are drawn without text: ${error.detail}`);
      files = [];
    }
    return files;
  };

  const keep = (key: string, png: Buffer) => {
    cache.set(key, png);
    usedBytes += png.length;
    for (const [oldKey, old] of cache) {
      if (usedBytes <= cacheBytes) break;
      cache.delete(oldKey);
      usedBytes -= old.length;
    }
  };

  return {
    async render(request) {
      const key = JSON.stringify(request);
      const cached = cache.get(key);
      if (cached) {
        // Re-inserted so the Map's order stays least recently used first.
        cache.delete(key);
        cache.set(key, cached);
        return cached;
      }
      const pending = drawing.get(key);
      if (pending) return pending;
      const next = queue.then(() => drawer.draw(demoImageSvg(request), fonts()));
      queue = next.catch(() => undefined);
      drawing.set(key, next);
      try {
        const png = await next;
        keep(key, png);
        return png;
      } finally {
        drawing.delete(key);
      }
    },
    close: drawer.stop,
  };
}
