import { createServer, type Server } from 'node:http';

/**
 * The AI benchmark's stand-ins for the model vendors, in the load generator's process so that they
 * do not share the product's event loop. Unlike the adapters' test fakes they are built to be timed:
 * the LLM writes its first chunk the moment the request has arrived and paces the rest, and the speech
 * service takes a fixed time per call and counts how many calls it holds at once.
 */

export const FAKE_API_KEY = 'sk-bench-ai-0123456789';

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return `http://127.0.0.1:${port}/v1`;
}

function close(server: Server) {
  return new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

/** How the fake LLM streams: `pieces` chunks, the first at once, the others `intervalMs` apart. */
export interface StreamPace {
  pieces: number;
  intervalMs: number;
}

export interface FakeStreamingLlm {
  url: string;
  pace(next: StreamPace): void;
  /** Streams open now, and the most open at once since the last `resetPeak`. */
  open(): number;
  peakOpen(): number;
  resetPeak(): void;
  close(): Promise<void>;
}

/** An OpenAI-compatible `POST /v1/chat/completions` that streams SSE chunks of `写作` pieces. */
export async function startFakeStreamingLlm(): Promise<FakeStreamingLlm> {
  let pace: StreamPace = { pieces: 4, intervalMs: 5 };
  let open = 0;
  let peak = 0;
  const chunk = (content: string) =>
    `data: ${JSON.stringify({
      id: 'chatcmpl-bench',
      object: 'chat.completion.chunk',
      created: 1_764_000_000,
      model: 'bench-model',
      choices: [{ index: 0, delta: { content }, finish_reason: null }],
    })}\n\n`;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', async () => {
      if (request.headers.authorization !== `Bearer ${FAKE_API_KEY}`) {
        response.writeHead(401, { 'Content-Type': 'application/json' });
        return response.end(JSON.stringify({ error: { message: 'bad key' } }));
      }
      const current = pace;
      open++;
      peak = Math.max(peak, open);
      response.on('close', () => {
        open--;
      });
      response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      response.write(chunk('第1段内容，'));
      for (let piece = 2; piece <= current.pieces; piece++) {
        await new Promise((resolve) => setTimeout(resolve, current.intervalMs));
        if (response.destroyed) return;
        response.write(chunk(`第${piece}段内容，`));
      }
      response.end('data: [DONE]\n\n');
    });
  });
  const url = await listen(server);
  return {
    url,
    pace: (next) => {
      pace = next;
    },
    open: () => open,
    peakOpen: () => peak,
    resetPeak: () => {
      peak = open;
    },
    close: () => close(server),
  };
}

export interface FakeTimedSpeech {
  url: string;
  /** Serves `bytes` at `${url}/media/<name>` (the videos' play address). */
  serveMedia(name: string, bytes: Uint8Array): string;
  calls(): number;
  /** The most transcriptions held at once. */
  peakConcurrent(): number;
  close(): Promise<void>;
}

/** An OpenAI-compatible `POST /v1/audio/transcriptions` that answers verbose_json after `callMs`. */
export async function startFakeTimedSpeech(options: { callMs: number }): Promise<FakeTimedSpeech> {
  const media = new Map<string, Uint8Array>();
  let calls = 0;
  let inFlight = 0;
  let peak = 0;
  const server = createServer((request, response) => {
    const name = request.url?.startsWith('/v1/media/') ? request.url.slice('/v1/media/'.length) : null;
    if (request.method === 'GET' && name !== null && media.has(name)) {
      const bytes = media.get(name)!;
      response.writeHead(200, { 'Content-Type': 'video/mp4', 'Content-Length': String(bytes.byteLength) });
      return response.end(Buffer.from(bytes));
    }
    if (request.method !== 'POST' || request.url !== '/v1/audio/transcriptions') {
      response.writeHead(404);
      return response.end();
    }
    // Counted from the first byte of the upload: the vendor holds the call from then on.
    inFlight++;
    peak = Math.max(peak, inFlight);
    request.resume();
    request.on('end', () => {
      setTimeout(() => {
        calls++;
        inFlight--;
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end(
          JSON.stringify({
            task: 'transcribe',
            language: 'chinese',
            duration: 2,
            text: '大家好。今天讲露营装备。',
            segments: [
              { start: 0, end: 1, text: '大家好。' },
              { start: 1, end: 2, text: '今天讲露营装备。' },
            ],
          }),
        );
      }, options.callMs);
    });
  });
  const url = await listen(server);
  return {
    url,
    serveMedia(mediaName, bytes) {
      media.set(mediaName, bytes);
      return `${url}/media/${mediaName}`;
    },
    calls: () => calls,
    peakConcurrent: () => peak,
    close: () => close(server),
  };
}
