import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What every fake vendor server next to its adapter does the same way: read a request's body, answer JSON,
 * listen on a free port of 127.0.0.1, and stop. Test-only, like the fakes themselves.
 */

/** The whole body of a request. */
export async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Answers `body` (JSON unless it is text already) with `status`; `headers` add to or replace the JSON type. */
export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  response.end(typeof body === 'string' ? body : JSON.stringify(body));
}

/** A call a fake OpenAI-compatible endpoint took in: its Authorization header and its JSON body. */
export interface OpenAiFakeRequest {
  authorization: string | undefined;
  body: Record<string, unknown>;
}

/**
 * The front door of a fake OpenAI-compatible endpoint: a POST to `path` with a JSON body, recorded in `requests`,
 * and the Bearer key, each refused in OpenAI's error shape (404, 400, 401) with the vendor's own words for the
 * last two. Answers the body; null once the call is refused and answered.
 */
export function acceptOpenAiPost(
  request: IncomingMessage,
  response: ServerResponse,
  raw: Buffer,
  endpoint: { path: string; apiKey: string; requests: OpenAiFakeRequest[]; notJson: string; wrongKey: string },
): Record<string, unknown> | null {
  if (request.method !== 'POST' || request.url !== endpoint.path) {
    sendJson(response, 404, { error: { message: 'not found', type: 'invalid_request_error' } });
    return null;
  }
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
  } catch {
    sendJson(response, 400, { error: { message: endpoint.notJson, type: 'invalid_request_error' } });
    return null;
  }
  endpoint.requests.push({ authorization: request.headers.authorization, body });
  if (request.headers.authorization !== `Bearer ${endpoint.apiKey}`) {
    sendJson(response, 401, {
      error: { message: endpoint.wrongKey, type: 'invalid_request_error', code: 'invalid_api_key' },
    });
    return null;
  }
  return body;
}

/** The JSON type with its charset named, as Douyin's gateways answer. */
export const jsonUtf8 = { 'Content-Type': 'application/json; charset=utf-8' };

/** Starts `server` on a free port of 127.0.0.1 and answers its origin (`http://127.0.0.1:<port>`). */
export async function listenLocally(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Stops `server`, dropping its open connections first (a held stream, a kept-alive socket). */
export function closeServer(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
