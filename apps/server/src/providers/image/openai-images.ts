import { type OpenAiEndpointCall, openAiEndpoint } from '../openai-endpoint';
import { openAiErrorDetail, openAiStatusReason } from '../openai-errors';
import { type GeneratedImage, ImageError, type ImageErrorReason, type ImageProvider, imageTypeOf } from './index';

/** Settings of an OpenAI-compatible images API (docs/providers.md lists vendors' base URLs). */
export interface OpenAiImagesOptions {
  /** Up to and including the version, e.g. `https://api.openai.com/v1`; `/images/generations` is appended. */
  baseUrl: string;
  apiKey: string;
  /** e.g. `gpt-image-1`, `dall-e-3`, `wanx2.1-t2i-turbo`, `doubao-seedream-3-0-t2i-250415`. */
  model: string;
  /** The vendor's size string, e.g. `1024x1536`; omitted when empty. */
  size?: string;
  /**
   * `b64_json` or `url`; empty sends no `response_format` (gpt-image-1 refuses the field and always
   * answers base64). Either form of answer is read whatever was asked.
   */
  responseFormat?: 'b64_json' | 'url' | '';
  timeoutMs?: number;
  concurrency?: number;
  /** A picture downloaded from a `url` answer may not exceed this (default 20 MB). */
  maxImageBytes?: number;
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
}

const DEFAULT_TIMEOUT_MS = 120_000;
const DEFAULT_MAX_IMAGE = 20 * 1024 * 1024;
const ENDPOINT: OpenAiEndpointCall = {
  path: '/images/generations',
  service: 'the OpenAI-compatible images API',
  envPrefix: 'IMAGE',
};

/** Why a generation failed: the statuses every OpenAI-compatible API shares, and a refused prompt. */
function reasonForStatus(status: number, body: string): ImageErrorReason {
  // OpenAI answers a prompt its rules refuse with 400 code content_policy_violation; others say "sensitive".
  if (status === 400 && /content_policy|safety|sensitive|moderation/i.test(body)) return 'refused';
  return openAiStatusReason(status);
}

/**
 * Creates the OpenAI-compatible adapter: `POST {baseUrl}/images/generations` with a Bearer key and
 * `{ model, prompt, n: 1, size?, response_format? }`; the answer's `data[0]` carries the picture as
 * `b64_json` or as a `url` that is then downloaded. The bytes must be a PNG, JPEG or WebP.
 */
export function createOpenAiImages(options: OpenAiImagesOptions): ImageProvider {
  const { url, fetch: fetchImpl, timeoutMs } = openAiEndpoint(options, ENDPOINT, DEFAULT_TIMEOUT_MS);
  const maxImage = options.maxImageBytes ?? DEFAULT_MAX_IMAGE;

  async function download(address: string, signal: AbortSignal): Promise<Uint8Array> {
    const response = await fetchImpl(address, { signal });
    if (!response.ok)
      throw new ImageError('unavailable', `the picture could not be downloaded (HTTP ${response.status})`);
    if (Number(response.headers.get('content-length') ?? 0) > maxImage) {
      throw new ImageError('unavailable', 'the picture is too large');
    }
    const data = new Uint8Array(await response.arrayBuffer());
    if (data.byteLength > maxImage) throw new ImageError('unavailable', 'the picture is too large');
    return data;
  }

  async function call(prompt: string, signal: AbortSignal): Promise<GeneratedImage> {
    const body: Record<string, unknown> = { model: options.model, prompt, n: 1 };
    if (options.size) body.size = options.size;
    if (options.responseFormat) body.response_format = options.responseFormat;
    const response = await fetchImpl(url, {
      method: 'POST',
      headers: { Authorization: `Bearer ${options.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
    const text = await response.text();
    if (response.status !== 200) {
      throw new ImageError(
        reasonForStatus(response.status, text),
        `the images service answered HTTP ${response.status}`,
        openAiErrorDetail(text),
      );
    }
    let first: { b64_json?: unknown; url?: unknown } | undefined;
    try {
      first = (JSON.parse(text) as { data?: Array<{ b64_json?: unknown; url?: unknown }> }).data?.[0];
    } catch {
      throw new ImageError('unavailable', 'the images answer is not JSON', text.slice(0, 300));
    }
    let data: Uint8Array;
    if (typeof first?.b64_json === 'string') data = new Uint8Array(Buffer.from(first.b64_json, 'base64'));
    else if (typeof first?.url === 'string' && /^https?:\/\//.test(first.url)) data = await download(first.url, signal);
    else throw new ImageError('unavailable', 'the images answer has no picture', text.slice(0, 300));
    const mime = imageTypeOf(data);
    if (!mime) throw new ImageError('unavailable', 'the images answer is not a PNG, JPEG or WebP picture');
    return { data, mime };
  }

  return {
    name: `openai:${options.model}`,
    isSandbox: false,
    concurrency: Math.max(1, options.concurrency ?? 2),
    async generate(request) {
      const timeout = AbortSignal.timeout(timeoutMs);
      const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
      try {
        return await call(request.prompt, signal);
      } catch (error) {
        if (error instanceof ImageError) throw error;
        if (timeout.aborted) throw new ImageError('unavailable', 'the images service timed out');
        throw new ImageError('unavailable', 'the images service could not be reached', (error as Error).message);
      }
    },
  };
}
