import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { acceptOpenAiPost, closeServer, listenLocally, type OpenAiFakeRequest, sendJson as send } from '../fake-server';

/** What the fake does with the next call (default: a picture in the form the request asked for). */
export type FakeImagesBehaviour =
  | { kind: 'image' }
  | { kind: 'status'; status: number; body?: unknown }
  /** Answers 200 with `data[0].b64_json` that is not a picture. */
  | { kind: 'not-an-image' }
  | { kind: 'hang' };

export interface FakeImagesServer {
  /** Base URL up to `/v1`, as a vendor's would be configured. */
  url: string;
  /** The JSON bodies of the generation calls, with their Authorization header. */
  requests: OpenAiFakeRequest[];
  behave(behaviour: FakeImagesBehaviour): void;
  close(): Promise<void>;
}

/**
 * A local stand-in for an OpenAI-compatible images vendor: `POST /v1/images/generations` checks the
 * Bearer key (401 in the vendor's error shape otherwise) and the body's model and prompt, and answers
 * `{ created, data: [{ b64_json }] }` or, when `response_format` is `url`, `{ data: [{ url }] }` with the
 * picture served at that address, the way OpenAI's dall-e models and the Chinese vendors do.
 */
export async function startFakeImagesServer(options: {
  apiKey: string;
  picture: Uint8Array;
}): Promise<FakeImagesServer> {
  const requests: FakeImagesServer['requests'] = [];
  let behaviour: FakeImagesBehaviour = { kind: 'image' };
  let served = 0;
  const pictures = new Map<string, Uint8Array>();

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'GET' && request.url?.startsWith('/files/')) {
        const picture = pictures.get(request.url.slice('/files/'.length));
        if (!picture) return send(response, 404, { error: { message: 'no such file' } });
        response.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': String(picture.byteLength) });
        return response.end(Buffer.from(picture));
      }
      const body = acceptOpenAiPost(request, response, Buffer.concat(chunks), {
        path: '/v1/images/generations',
        apiKey: options.apiKey,
        requests,
        notJson: 'We could not parse the JSON body',
        wrongKey: 'Incorrect API key provided',
      });
      if (!body) return;
      if (typeof body.model !== 'string' || typeof body.prompt !== 'string' || !body.prompt) {
        return send(response, 400, {
          error: { message: 'model and prompt are required', type: 'invalid_request_error' },
        });
      }
      const current = behaviour;
      if (current.kind === 'status') {
        return send(response, current.status, current.body ?? { error: { message: 'fake failure' } });
      }
      if (current.kind === 'hang') return;
      const created = Math.floor(Date.now() / 1000);
      if (current.kind === 'not-an-image') {
        return send(response, 200, {
          created,
          data: [{ b64_json: Buffer.from('<html>gateway</html>').toString('base64') }],
        });
      }
      if (body.response_format === 'url') {
        const name = `image-${++served}.png`;
        pictures.set(name, options.picture);
        return send(response, 200, { created, data: [{ url: `${origin}/files/${name}` }] });
      }
      return send(response, 200, {
        created,
        data: [{ b64_json: Buffer.from(options.picture).toString('base64'), revised_prompt: body.prompt }],
      });
    });
  });

  const origin = await listenLocally(server);
  return {
    url: `${origin}/v1`,
    requests,
    behave(next) {
      behaviour = next;
    },
    close: () => closeServer(server),
  };
}
