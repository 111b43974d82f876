import { sseData } from '../../lib/sse-data';
import { type OpenAiEndpointCall, openAiEndpoint } from '../openai-endpoint';
import { openAiErrorDetail, openAiStatusReason, withRetryAfter } from '../openai-errors';
import { type AudioFormat, audioOfSource } from './audio';
import { SpeechError, type SpeechProvider, segmentsOf, type Transcript } from './index';
import { DEFAULT_MAX_DOWNLOAD, DEFAULT_TIMEOUT_MS, guardSpeechCall } from './openai-compatible';

/**
 * How the audio's bytes go in `input_audio.data`: bare Base64 (OpenAI's gpt-4o-audio models, Zhipu's
 * GLM-4-Voice) or a data URL `data:;base64,…` (DashScope's compatible mode, Qwen-Omni and qwen-audio).
 */
export type ChatAudioData = 'base64' | 'data-url';

/** Settings of a chat completions API that hears audio (docs/providers.md, "Speech"). */
export interface OpenAiChatAudioOptions {
  /** Up to and including the version, e.g. `https://dashscope.aliyuncs.com/compatible-mode/v1`. */
  baseUrl: string;
  apiKey: string;
  /** e.g. `qwen-omni-turbo`, `qwen3-omni-flash`, `glm-4-voice`, `gpt-4o-audio-preview`. */
  model: string;
  audioData?: ChatAudioData;
  /** The format audio is cut to (mp3 unless the model wants wav). */
  audioFormat?: AudioFormat;
  /** Asks for a streamed answer (`stream: true`); Qwen-Omni answers only that way. */
  stream?: boolean;
  /** How long one call (download, upload and recognition) may take. */
  timeoutMs?: number;
  /** How many transcriptions may run at once. */
  concurrency?: number;
  maxDownloadBytes?: number;
  ffmpegPath?: string;
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
}

/** What the model answers for audio without speech (the prompt asks for exactly this). */
export const NO_SPEECH_MARK = '[无语音]';

const ENDPOINT: OpenAiEndpointCall = {
  path: '/chat/completions',
  service: 'the chat-audio speech API',
  envPrefix: 'SPEECH',
};

/**
 * The instruction sent beside the audio. A chat model answers whatever it is asked, so it is told to
 * write down the words only: no summary, no translation, no remarks.
 */
export const TRANSCRIBE_PROMPT = `请把这段音频中说话人的话逐字转写成文字：保持原语言，不翻译、不总结、不加任何解释或标题，只输出转写内容，按句加标点。若音频里没有人声，只输出 ${NO_SPEECH_MARK}`;

/** An audio's length from its byte count, for the formats this adapter cuts (32 kb/s MP3, 16-bit 16 kHz WAV). */
function durationMsOfCut(format: AudioFormat, bytes: number): number {
  return format === 'mp3' ? bytes / 4 : Math.max(0, bytes - 44) / 32;
}

/** The text of a message's `content`: a string, or a list of parts of which the text ones count. */
function textOfContent(content: unknown): string | null {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return null;
  return content
    .map((part) => (part as { text?: unknown } | null)?.text)
    .filter((text): text is string => typeof text === 'string')
    .join('');
}

/** A vendor's failure reported inside a 200 answer (a stream chunk or a body with `error`). */
function embeddedError(record: { error?: unknown }): SpeechError {
  const error = record.error as { message?: unknown; code?: unknown } | string;
  const detail = (typeof error === 'string' ? error : String(error.message ?? JSON.stringify(error))).slice(0, 300);
  const code = typeof error === 'string' ? error : String(error.code ?? detail);
  const reason = /rate|limit|quota|balance|throttl/i.test(code) ? 'rate_limited' : 'unavailable';
  return new SpeechError(reason, `the speech model reported an error: ${detail}`, detail);
}

/** Reads a Server-Sent Events answer of completion chunks to its `[DONE]`, joining the delta texts. */
async function readStream(body: NonNullable<Response['body']>): Promise<string> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  try {
    const cutOff = () => new SpeechError('unavailable', 'the transcription stream ended without [DONE]');
    for await (const data of sseData(() => reader.read(), cutOff)) {
      let chunk: { error?: unknown; choices?: unknown };
      try {
        chunk = JSON.parse(data) as typeof chunk;
      } catch {
        throw new SpeechError('unavailable', 'a transcription stream chunk is not JSON', data.slice(0, 300));
      }
      if (chunk?.error) throw embeddedError(chunk);
      if (!Array.isArray(chunk?.choices)) {
        throw new SpeechError('unavailable', 'a transcription stream chunk has no choices', data.slice(0, 300));
      }
      // The usage chunk of stream_options has an empty choices list; audio deltas carry no content.
      const delta = (chunk.choices[0] as { delta?: { content?: unknown } } | undefined)?.delta?.content;
      text += textOfContent(delta) ?? '';
    }
    return text;
  } finally {
    reader.cancel().catch(() => {});
  }
}

/** Reads a whole (not streamed) chat completion's message text. */
function readCompletion(body: string): string {
  let parsed: { error?: unknown; choices?: Array<{ message?: { content?: unknown } }> };
  try {
    parsed = JSON.parse(body) as typeof parsed;
  } catch {
    throw new SpeechError('unavailable', 'the transcription is not JSON', body.slice(0, 300));
  }
  if (parsed?.error) throw embeddedError(parsed);
  const text = textOfContent(parsed?.choices?.[0]?.message?.content);
  if (text === null) throw new SpeechError('unavailable', 'the transcription has no message text', body.slice(0, 300));
  return text;
}

/**
 * Creates the chat-audio adapter, the form some Chinese vendors give their speech models: `POST
 * {baseUrl}/chat/completions` with a Bearer key and one user message holding the audio as an
 * `input_audio` part (`{ data, format }`) and the instruction to transcribe it; the transcript is the
 * message text, streamed or whole. Audio is prepared with ffmpeg like the transcriptions form. The
 * answer has no timings: its sentences are spread over the audio's length.
 */
export function createOpenAiChatAudioSpeech(options: OpenAiChatAudioOptions): SpeechProvider {
  const { url, fetch: fetchImpl, timeoutMs } = openAiEndpoint(options, ENDPOINT, DEFAULT_TIMEOUT_MS);
  const format = options.audioFormat ?? 'mp3';
  const stream = options.stream ?? true;

  return {
    name: `openai-chat:${options.model}`,
    isSandbox: false,
    concurrency: Math.max(1, options.concurrency ?? 4),
    transcribe(source, callOptions = {}) {
      return guardSpeechCall(timeoutMs, callOptions.signal, async (signal) => {
        const audio = await audioOfSource(source, {
          format,
          maxDownloadBytes: options.maxDownloadBytes ?? DEFAULT_MAX_DOWNLOAD,
          ffmpegPath: options.ffmpegPath,
          fetch: fetchImpl,
          signal,
          // The part's `format` names only wav and mp3: other given audio is cut first.
          convert: (extension) => extension !== 'mp3' && extension !== 'wav',
        });
        const base64 = Buffer.from(audio.data).toString('base64');
        const response = await fetchImpl(url, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${options.apiKey}`,
            'Content-Type': 'application/json',
            ...(stream ? { Accept: 'text/event-stream' } : {}),
          },
          body: JSON.stringify({
            model: options.model,
            messages: [
              {
                role: 'user',
                content: [
                  {
                    type: 'input_audio',
                    input_audio: {
                      data: options.audioData === 'data-url' ? `data:;base64,${base64}` : base64,
                      format: audio.format,
                    },
                  },
                  { type: 'text', text: TRANSCRIBE_PROMPT },
                ],
              },
            ],
            stream,
          }),
          signal,
        });
        if (response.status !== 200 || !response.body) {
          const body = await response.text().catch(() => '');
          const detail = openAiErrorDetail(body);
          throw new SpeechError(
            openAiStatusReason(response.status),
            `the speech model answered HTTP ${response.status}: ${detail}`,
            withRetryAfter(detail, response.headers),
          );
        }
        const streamed = (response.headers.get('content-type') ?? '').includes('text/event-stream');
        const text = (streamed ? await readStream(response.body) : readCompletion(await response.text())).trim();
        if (!text || text.replaceAll(NO_SPEECH_MARK, '').trim() === '') {
          throw new SpeechError('no_media', 'the speech model heard no speech');
        }
        const durationMs =
          source.kind === 'audio'
            ? 0
            : source.kind === 'video'
              ? source.durationMs
              : durationMsOfCut(format, audio.data.byteLength);
        return { text, segments: segmentsOf(text, durationMs) } satisfies Transcript;
      });
    },
  };
}
