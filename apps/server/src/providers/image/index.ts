/**
 * The image-generation provider of AI 图文 (docs/image-text.md). The sandbox (the default)
 * draws each card itself — the work's title and points over a cover, in a Chinese font — so the feature
 * works offline; the real adapter speaks the OpenAI-compatible images API (`/images/generations`) that
 * OpenAI, Qwen (DashScope compatible mode), Doubao Seedream and SiliconFlow serve (docs/providers.md).
 */

/** The look a user chose on /setImg; the sandbox draws with it, real models read it in the prompt. */
export interface CardStyle {
  /** 'gradient' a two-colour cover, 'solid' one flat colour, 'note' lined notebook paper. */
  template: 'gradient' | 'solid' | 'note';
  /** `#rrggbb`: the accent (gradient start, tags, numbers). */
  primaryColor: string;
  /** `#rrggbb`: the page. */
  backgroundColor: string;
  /** `#rrggbb`: the words. */
  textColor: string;
  /** Body text in pixels on a 1080-wide card (titles scale with it). */
  fontSize: number;
}

/** What one card of a work shows. */
export interface CardContent {
  /** The work's title (the cover's headline, the other cards' running head). */
  title: string;
  /** The keyword the work was written for (the cover's tag). */
  keyword: string;
  /** The points this card lists; empty on the cover. */
  points: string[];
  /** 0 for the cover. */
  index: number;
  total: number;
  /** The number of this card's first point across the work (cards may hold different counts). */
  firstNumber?: number;
}

export interface ImageRequest {
  /** The prompt a model draws from (built from the card's content and style). */
  prompt: string;
  card: CardContent;
  style: CardStyle;
  signal?: AbortSignal;
}

/** One picture: its bytes and their type, read from the bytes themselves. */
export interface GeneratedImage {
  data: Uint8Array;
  mime: 'image/png' | 'image/jpeg' | 'image/webp';
}

/** Why a picture was not made. */
export type ImageErrorReason =
  /** The vendor refused our key. */
  | 'unauthorized'
  /** The vendor asked us to slow down, or our balance with it is spent. */
  | 'rate_limited'
  /** The vendor's content rules refused the prompt. */
  | 'refused'
  /** Down, timed out, or answered something that is not a picture. */
  | 'unavailable';

export class ImageError extends Error {
  constructor(
    readonly reason: ImageErrorReason,
    message: string,
    /** The vendor's own code or message, for the log. */
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'ImageError';
  }
}

/** One interface for the sandbox and every OpenAI-compatible vendor. */
export interface ImageProvider {
  /** 'sandbox', or 'openai:<model>'. */
  readonly name: string;
  /** Cards drawn by the sandbox, not a model: the UI labels them. */
  readonly isSandbox: boolean;
  /** How many pictures may be made at once. */
  readonly concurrency: number;
  generate(request: ImageRequest): Promise<GeneratedImage>;
}

/** The type of picture bytes by their magic numbers, or null for anything else. */
export function imageTypeOf(bytes: Uint8Array): GeneratedImage['mime'] | null {
  if (bytes.length >= 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) {
    return 'image/png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (
    bytes.length >= 12 &&
    Buffer.from(bytes.subarray(0, 4)).toString('latin1') === 'RIFF' &&
    Buffer.from(bytes.subarray(8, 12)).toString('latin1') === 'WEBP'
  ) {
    return 'image/webp';
  }
  return null;
}

/** The prompt a model gets for a card: the content, and the style in words. */
export function promptOf(card: CardContent, style: CardStyle): string {
  const look =
    style.template === 'note' ? '笔记本横线纸质感' : style.template === 'solid' ? '纯色简洁卡片' : '双色渐变封面';
  const content =
    card.index === 0
      ? `小红书风格图文封面，主题「${card.title}」，关键词「${card.keyword}」`
      : `小红书风格图文内页，主题「${card.title}」，要点：${card.points.join('；')}`;
  return `${content}。画面风格：${look}，主色 ${style.primaryColor}，背景 ${style.backgroundColor}，竖版 3:4，清爽留白，无水印。`;
}
