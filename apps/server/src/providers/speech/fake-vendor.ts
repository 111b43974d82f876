import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { closeServer, listenLocally, sendJson } from '../fake-server';

/*
 * What the two fake speech vendors (the transcription endpoint and the chat-audio endpoint) share: the media shelf that stands for a video's play address, and listening on a free local
 * port with the base URL up to `/v1`, as a vendor's would be configured.
 */

/** Serves a GET of `/v1/media/<name>` from the shelf (404 for a name not on it); false for any other call. */
export function serveShelvedMedia(request: IncomingMessage, response: ServerResponse, media: Map<string, Uint8Array>) {
  const mediaName = request.url?.startsWith('/v1/media/') ? request.url.slice('/v1/media/'.length) : null;
  if (request.method !== 'GET' || mediaName === null) return false;
  const bytes = media.get(mediaName);
  if (!bytes) {
    sendJson(response, 404, { error: { message: 'no such media' } });
    return true;
  }
  response.writeHead(200, { 'Content-Type': 'video/mp4', 'Content-Length': String(bytes.byteLength) });
  response.end(Buffer.from(bytes));
  return true;
}

/** Listens on a free port of 127.0.0.1: the base URL, a way to shelve media under it, and a close. */
export async function listenAsVendor(server: Server, media: Map<string, Uint8Array>) {
  const url = `${await listenLocally(server)}/v1`;
  return {
    url,
    serveMedia(name: string, bytes: Uint8Array) {
      media.set(name, bytes);
      return `${url}/media/${name}`;
    },
    close: () => closeServer(server),
  };
}
