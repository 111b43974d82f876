import { type OpenAiEndpointCall, openAiEndpoint } from '../openai-endpoint';
import { openAiErrorDetail, openAiStatusReason, withRetryAfter } from '../openai-errors';
import { audioOfSource } from './audio';
import { SpeechError, type SpeechProvider, segmentsOf, type Transcript } from './index';

/** Settings of an OpenAI-compatible transcription API (docs/providers.md lists vendors' base URLs). */
export interface OpenAiSpeechOptions {
  /** Up to and including the version, e.g. `https://api.openai.com/v1`; `/audio/transcriptions` is appended. */
  baseUrl: string;
  apiKey: string;
  /** e.g. `whisper-1`, `FunAudioLLM/SenseVoiceSmall`. */
  model: string;
  /** How long one call (upload and recognition) may take. */
  timeoutMs?: number;
  /** How many transcriptions may run at once. */
  concurrency?: number;
  /** A video's download may not exceed this (default 200 MB). */
  maxDownloadBytes?: number;
  ffmpegPath?: string;
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
}

export const DEFAULT_TIMEOUT_MS = 120_000;
export const DEFAULT_MAX_DOWNLOAD = 200 * 1024 * 1024;
const ENDPOINT: OpenAiEndpointCall = {
  path: '/audio/transcriptions',
  service: 'the OpenAI-compatible speech API',
  envPrefix: 'SPEECH',
};

/** Reads a verbose_json (or plain json) transcription answer. */
function transcriptOf(body: unknown): Transcript {
  const record = (body ?? {}) as { text?: unknown; segments?: unknown; language?: unknown; duration?: unknown };
  if (typeof record.text !== 'string') throw new SpeechError('unavailable', 'the transcription has no text');
  const segments = Array.isArray(record.segments)
    ? record.segments
        .map((segment) => segment as { start?: unknown; end?: unknown; text?: unknown })
        .filter((segment) => typeof segment.text === 'string')
        .map((segment) => ({
          start: Number(segment.start) || 0,
          end: Number(segment.end) || 0,
          text: String(segment.text).trim(),
        }))
    : segmentsOf(record.text, (Number(record.duration) || 0) * 1000);
  return {
    text: record.text.trim(),
    segments,
    ...(typeof record.language === 'string' ? { language: record.language } : {}),
  };
}

/**
 * Runs one call's `work` under its timeout and the caller's signal, classifying what went wrong (both
 * OpenAI-compatible forms share it): a SpeechError passes through, anything else is 'unavailable'.
 */
export async function guardSpeechCall<T>(
  timeoutMs: number,
  signal: AbortSignal | undefined,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  try {
    return await work(combined);
  } catch (error) {
    if (error instanceof SpeechError) throw error;
    if (timeout.aborted) throw new SpeechError('unavailable', 'the transcription timed out');
    if (signal?.aborted) throw new SpeechError('unavailable', 'the caller stopped the transcription');
    throw new SpeechError('unavailable', 'the speech service could not be reached', (error as Error).message);
  }
}

/**
 * Creates the OpenAI-compatible adapter: `POST {baseUrl}/audio/transcriptions` as multipart (file,
 * model, response_format=verbose_json for the segments) with a Bearer key. Videos are downloaded from
 * their play address and files are cut to audio with ffmpeg first.
 */
export function createOpenAiCompatibleSpeech(options: OpenAiSpeechOptions): SpeechProvider {
  const { url, fetch: fetchImpl, timeoutMs } = openAiEndpoint(options, ENDPOINT, DEFAULT_TIMEOUT_MS);
  const maxDownload = options.maxDownloadBytes ?? DEFAULT_MAX_DOWNLOAD;

  return {
    name: `openai:${options.model}`,
    isSandbox: false,
    concurrency: Math.max(1, options.concurrency ?? 4),
    transcribe(source, callOptions = {}) {
      return guardSpeechCall(timeoutMs, callOptions.signal, async (signal) => {
        const audio = await audioOfSource(source, {
          format: 'mp3',
          maxDownloadBytes: maxDownload,
          ffmpegPath: options.ffmpegPath,
          fetch: fetchImpl,
          signal,
        });
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(audio.data)]), audio.filename);
        form.append('model', options.model);
        form.append('response_format', 'verbose_json');
        const response = await fetchImpl(url, {
          method: 'POST',
          headers: { Authorization: `Bearer ${options.apiKey}` },
          body: form,
          signal,
        });
        const body = await response.text();
        if (response.status !== 200) {
          throw new SpeechError(
            openAiStatusReason(response.status),
            `the speech service answered HTTP ${response.status}`,
            withRetryAfter(openAiErrorDetail(body), response.headers),
          );
        }
        let parsed: unknown;
        try {
          parsed = JSON.parse(body);
        } catch {
          throw new SpeechError('unavailable', 'the transcription is not JSON', body.slice(0, 300));
        }
        return transcriptOf(parsed);
      });
    },
  };
}
