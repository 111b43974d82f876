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
}

export interface DemoImageRendererOptions {
  /** Bytes of PNG kept in memory, least recently used dropped first. */
  cacheBytes?: number;
  /** A CJK font file; by default the one the invoices and image cards find (fonts-noto-cjk). */
  fontPath?: string;
  log?: { warn(message: string): void };
}

/**
 * Draws pictures on demand through resvg, one at a time (two shared cores, and each render loads the
 * font), and keeps the PNGs in a bounded LRU; asking again for a picture being drawn waits for that
 * drawing. Without a CJK font the scene is still drawn, only the text is missing, so a machine without
 * fonts-noto-cjk shows pictures rather than broken images.
 */
export function createDemoImageRenderer(options: DemoImageRendererOptions = {}): DemoImageRenderer {
  const cacheBytes = options.cacheBytes ?? 8 * 1024 * 1024;
  const cache = new Map<string, Buffer>();
  const drawing = new Map<string, Promise<Buffer>>();
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

  const draw = async (request: DemoImageRequest) => {
    // The native renderer is loaded at the first picture, not at start-up.
    const { renderAsync } = await import('@resvg/resvg-js');
    const rendered = await renderAsync(demoImageSvg(request), {
      font: { fontFiles: fonts(), loadSystemFonts: false, defaultFontFamily: 'Noto Sans CJK SC' },
    });
    return rendered.asPng();
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
      const next = queue.then(() => draw(request));
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
  };
}
