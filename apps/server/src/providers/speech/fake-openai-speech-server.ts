import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { sendJson as send } from '../fake-server';
import { listenAsVendor, serveShelvedMedia } from './fake-vendor';

/** What the fake does with the next call (default: a verbose_json transcription). */
export type FakeSpeechBehaviour =
  | { kind: 'transcribe'; text: string; segments?: Array<{ start: number; end: number; text: string }> }
  | { kind: 'status'; status: number; body?: unknown; headers?: Record<string, string> }
  /** Answers 200 with a body that is not JSON. */
  | { kind: 'garbage' }
  /** Never answers. */
  | { kind: 'hang' };

/** One call as the fake parsed its multipart body. */
export interface FakeSpeechRequest {
  authorization: string | undefined;
  contentType: string | undefined;
  fields: Record<string, string>;
  file: { name: string; size: number; bytes: Uint8Array } | null;
}

export interface FakeSpeechServer {
  /** Base URL up to `/v1`, as a vendor's would be configured. */
  url: string;
  requests: FakeSpeechRequest[];
  behave(behaviour: FakeSpeechBehaviour): void;
  /** Serves `bytes` at `${url}/media/<name>` (a video's play address). */
  serveMedia(name: string, bytes: Uint8Array): string;
  close(): Promise<void>;
}

/**
 * A local stand-in for an OpenAI-compatible transcription vendor: `POST /v1/audio/transcriptions`
 * parses the multipart form, checks the Bearer key (401 in the vendor's error shape otherwise) and
 * answers verbose_json with segments, the way OpenAI, SiliconFlow and the others do.
 */
export async function startFakeSpeechServer(options: { apiKey: string }): Promise<FakeSpeechServer> {
  const requests: FakeSpeechRequest[] = [];
  const media = new Map<string, Uint8Array>();
  let behaviour: FakeSpeechBehaviour = { kind: 'transcribe', text: '大家好。今天讲露营。' };

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      if (serveShelvedMedia(request, response, media)) return;
      if (request.method !== 'POST' || request.url !== '/v1/audio/transcriptions') {
        return send(response, 404, { error: { message: 'not found', type: 'invalid_request_error' } });
      }
      const contentType = request.headers['content-type'];
      const fields: Record<string, string> = {};
      let file: FakeSpeechRequest['file'] = null;
      try {
        // The platform's own multipart parser, as a vendor's framework would parse it.
        const form = await new Request('http://fake/', {
          method: 'POST',
          headers: contentType ? { 'content-type': contentType } : {},
          body: Buffer.concat(chunks),
        }).formData();
        for (const [name, value] of form.entries()) {
          if (typeof value === 'string') fields[name] = value;
          else {
            const bytes = new Uint8Array(await value.arrayBuffer());
            file = { name: value.name, size: bytes.byteLength, bytes };
          }
        }
      } catch {
        return send(response, 400, {
          error: { message: 'could not parse multipart form', type: 'invalid_request_error' },
        });
      }
      requests.push({ authorization: request.headers.authorization, contentType, fields, file });
      if (request.headers.authorization !== `Bearer ${options.apiKey}`) {
        return send(response, 401, {
          error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' },
        });
      }
      if (!file || !fields.model) {
        return send(response, 400, {
          error: { message: 'file and model are required', type: 'invalid_request_error' },
        });
      }
      const current = behaviour;
      if (current.kind === 'status') {
        return send(response, current.status, current.body ?? { error: { message: 'fake failure' } }, current.headers);
      }
      if (current.kind === 'garbage') return send(response, 200, '<html>gateway</html>');
      if (current.kind === 'hang') return;
      const segments = current.segments ?? [{ start: 0, end: 2.5, text: current.text }];
      const body =
        fields.response_format === 'verbose_json'
          ? {
              task: 'transcribe',
              language: 'chinese',
              duration: segments.at(-1)?.end ?? 0,
              text: current.text,
              segments,
            }
          : { text: current.text };
      return send(response, 200, body);
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
