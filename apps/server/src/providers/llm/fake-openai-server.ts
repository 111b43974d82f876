import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeServer, listenLocally, sendJson as sendError } from '../fake-server';

/** What the fake does with the next call (default: stream `pieces` and `[DONE]`). */
export type FakeOpenAiBehaviour =
  | { kind: 'stream'; pieces: string[]; delayMs?: number; usage?: boolean }
  | { kind: 'status'; status: number; body?: unknown; headers?: Record<string, string> }
  /** Streams the pieces, then a line that is not JSON. */
  | { kind: 'malformed'; pieces: string[] }
  /** Streams the pieces, then keeps the connection open without sending anything. */
  | { kind: 'hang'; pieces: string[] }
  /** Streams the pieces, then closes without [DONE]. */
  | { kind: 'cut'; pieces: string[] };

export interface FakeOpenAiRequest {
  authorization: string | undefined;
  body: Record<string, unknown>;
}

export interface FakeOpenAiServer {
  /** Base URL up to `/v1`, as a vendor's would be configured. */
  url: string;
  requests: FakeOpenAiRequest[];
  /** How many streams are open right now (an aborted call must close its stream). */
  openStreams(): number;
  /** Sets what the next calls do. */
  behave(behaviour: FakeOpenAiBehaviour): void;
  close(): Promise<void>;
}

/**
 * A local stand-in for an OpenAI-compatible vendor: `POST /v1/chat/completions` checks the Bearer key
 * (401 with the vendor's error shape otherwise) and answers with Server-Sent Events of completion
 * chunks, the way DeepSeek and the others do.
 */
export async function startFakeOpenAiServer(options: { apiKey: string }): Promise<FakeOpenAiServer> {
  const requests: FakeOpenAiRequest[] = [];
  let behaviour: FakeOpenAiBehaviour = { kind: 'stream', pieces: ['你好', '，世界'] };
  let open = 0;

  const chunk = (content: string) =>
    `data: ${JSON.stringify({
      id: 'chatcmpl-fake',
      object: 'chat.completion.chunk',
      created: 1_764_000_000,
      model: 'fake-model',
      choices: [{ index: 0, delta: { content }, finish_reason: null }],
    })}\n\n`;

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let raw = '';
    request.on('data', (data: Buffer) => {
      raw += data.toString('utf8');
    });
    request.on('end', async () => {
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        return sendError(response, 404, { error: { message: 'not found', type: 'invalid_request_error' } });
      }
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      requests.push({ authorization: request.headers.authorization, body });
      if (request.headers.authorization !== `Bearer ${options.apiKey}`) {
        return sendError(response, 401, {
          error: {
            message: 'Authentication Fails (no such user)',
            type: 'authentication_error',
            code: 'invalid_api_key',
          },
        });
      }
      const current = behaviour;
      if (current.kind === 'status') {
        return sendError(
          response,
          current.status,
          current.body ?? { error: { message: 'fake failure' } },
          current.headers,
        );
      }
      response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      open++;
      response.on('close', () => {
        open--;
      });
      response.write(': keep-alive\n\n');
      for (const piece of current.pieces) {
        if (response.destroyed) return;
        response.write(chunk(piece));
        if (current.kind === 'stream' && current.delayMs)
          await new Promise((resolve) => setTimeout(resolve, current.delayMs));
      }
      if (current.kind === 'malformed') {
        response.write('data: {"choices": [{"delta": {"content": "半\n\n');
        return;
      }
      if (current.kind === 'hang') return;
      if (current.kind === 'cut') return response.end();
      if (current.usage) {
        response.write(
          `data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 10, completion_tokens: 5 } })}\n\n`,
        );
      }
      response.end('data: [DONE]\n\n');
    });
  });
  const origin = await listenLocally(server);
  return {
    url: `${origin}/v1`,
    requests,
    openStreams: () => open,
    behave: (next) => {
      behaviour = next;
    },
    close: () => closeServer(server),
  };
}
