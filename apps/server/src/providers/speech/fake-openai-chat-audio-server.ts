import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { acceptOpenAiPost, type OpenAiFakeRequest, sendJson as send } from '../fake-server';
import { listenAsVendor, serveShelvedMedia } from './fake-vendor';

/** What the fake does with the next call (default: answers a transcript, streamed when asked to). */
export type FakeChatAudioBehaviour =
  /** The transcript, in these pieces when streamed (one piece when not given). */
  | { kind: 'answer'; text: string; pieces?: string[] }
  | { kind: 'status'; status: number; body?: unknown; headers?: Record<string, string> }
  /** A 200 stream whose first chunk is the vendor's error object (DashScope reports some failures so). */
  | { kind: 'stream-error'; error: { message: string; code?: string } }
  /** Streams a piece, then closes without [DONE]. */
  | { kind: 'cut' }
  /** Never answers. */
  | { kind: 'hang' };

/** One call as the fake read it. */
export type FakeChatAudioRequest = OpenAiFakeRequest;

export interface FakeChatAudioServer {
  /** Base URL up to `/v1`, as a vendor's would be configured. */
  url: string;
  requests: FakeChatAudioRequest[];
  behave(behaviour: FakeChatAudioBehaviour): void;
  /** Serves `bytes` at `${url}/media/<name>` (a video's play address). */
  serveMedia(name: string, bytes: Uint8Array): string;
  close(): Promise<void>;
}

/** The `input_audio` part of the call's one user message, or why there is none (a vendor's 400). */
function audioPartOf(body: Record<string, unknown>): { data: string; format: string } | string {
  const messages = body.messages;
  if (!Array.isArray(messages) || messages.length === 0) return 'messages must be a non-empty array';
  const content = (messages.at(-1) as { content?: unknown }).content;
  if (!Array.isArray(content)) return 'the audio must be a content part';
  const part = content.find((item) => (item as { type?: unknown }).type === 'input_audio') as
    | { input_audio?: { data?: unknown; format?: unknown } }
    | undefined;
  const audio = part?.input_audio;
  if (!audio || typeof audio.data !== 'string' || audio.data === '') return 'input_audio.data is required';
  if (audio.format !== 'mp3' && audio.format !== 'wav')
    return `input_audio.format ${String(audio.format)} is not supported`;
  return { data: audio.data, format: audio.format };
}

/**
 * A local stand-in for a chat completions vendor that hears audio (DashScope's compatible mode for
 * Qwen-Omni, Zhipu's GLM-4-Voice, OpenAI's audio models): `POST /v1/chat/completions` checks the Bearer
 * key (401 in the vendor's error shape), refuses a call without an `input_audio` part of mp3 or wav (400),
 * and answers the transcript as the message text: Server-Sent Events of chunks when `stream` is true,
 * one completion otherwise.
 */
export async function startFakeChatAudioServer(options: { apiKey: string }): Promise<FakeChatAudioServer> {
  const requests: FakeChatAudioRequest[] = [];
  const media = new Map<string, Uint8Array>();
  let behaviour: FakeChatAudioBehaviour = { kind: 'answer', text: '大家好。今天讲露营。' };

  const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
    `data: ${JSON.stringify({
      id: 'chatcmpl-fake',
      object: 'chat.completion.chunk',
      created: 1_764_000_000,
      model: 'fake-omni',
      choices: [{ index: 0, delta, finish_reason: finish }],
    })}\n\n`;

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (data: Buffer) => chunks.push(data));
    request.on('end', () => {
      if (serveShelvedMedia(request, response, media)) return;
      const body = acceptOpenAiPost(request, response, Buffer.concat(chunks), {
        path: '/v1/chat/completions',
        apiKey: options.apiKey,
        requests,
        notJson: 'the body is not JSON',
        wrongKey: 'Incorrect API key provided.',
      });
      if (!body) return;
      const audio = audioPartOf(body);
      if (typeof audio === 'string' || !body.model) {
        return send(response, 400, {
          error: { message: typeof audio === 'string' ? audio : 'model is required', type: 'invalid_request_error' },
        });
      }
      const current = behaviour;
      if (current.kind === 'status') {
        return send(response, current.status, current.body ?? { error: { message: 'fake failure' } }, current.headers);
      }
      if (current.kind === 'hang') return;
      if (body.stream !== true) {
        if (current.kind !== 'answer') return send(response, 500, { error: { message: 'fake failure' } });
        return send(response, 200, {
          id: 'chatcmpl-fake',
          object: 'chat.completion',
          model: 'fake-omni',
          choices: [{ index: 0, message: { role: 'assistant', content: current.text }, finish_reason: 'stop' }],
        });
      }
      response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      response.write(': keep-alive\n\n');
      if (current.kind === 'stream-error') {
        return response.end(`data: ${JSON.stringify({ error: current.error })}\n\n`);
      }
      response.write(chunk({ role: 'assistant', content: '' }));
      if (current.kind === 'cut') return response.end(chunk({ content: '大家' }));
      for (const piece of current.pieces ?? [current.text]) response.write(chunk({ content: piece }));
      response.write(chunk({}, 'stop'));
      response.end('data: [DONE]\n\n');
    });
  });

  return {
    ...(await listenAsVendor(server, media)),
    requests,
    behave(next) {
      behaviour = next;
    },
  };
}
