import {
  CLIENT_VERSION,
  Code,
  type Envelope,
  encodeSignHeader,
  identityHash,
  SignHeader,
  signRequest,
} from '@dso/contract';
import { useSession } from '../../stores/session';
import { toast } from '../feedback';
import { CookieKey, LocalKey, readCookie, readLocal } from '../storage';
import { signedNow } from './clock';
import { ApiError, NETWORK_FAILURE } from './errors';
import { applyFailure, applyNetworkFailure, type FailurePolicy, isCallSuccess } from './response-handler';

/** HTTP timeout of every call (002 §7, 001 §9). */
export const REQUEST_TIMEOUT_MS = 3_600_000;

export interface RequestOptions extends FailurePolicy {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * Calls the API: signs the request, sends it, and resolves with the envelope's data on success.
 * Failures run the catalogue's side effects once, here, and reject with an ApiError.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const envelope = await requestEnvelope<T>(path, options);
  return envelope.data;
}

export async function requestEnvelope<T>(path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  const response = await send(path, options);
  const envelope = await readEnvelope<T>(response);
  if (!envelope) {
    throwIfAborted(options);
    throw networkFailure(options);
  }
  if (isCallSuccess(envelope.code)) return envelope;
  throw refusal(envelope, options);
}

/**
 * Calls an API that answers a file on success (an export) and the usual envelope on failure,
 * which then runs the catalogue's side effects like any other call.
 */
export async function requestFile(
  path: string,
  options: RequestOptions = {},
): Promise<{ blob: Blob; filename: string | null }> {
  const response = await send(path, options);
  if ((response.headers.get('content-type') ?? '').includes('application/json')) {
    const envelope = await readEnvelope<unknown>(response);
    if (envelope) {
      throw refusal(envelope, options);
    }
  }
  throwIfAborted(options);
  if (!response.ok) throw networkFailure(options);
  return { blob: await response.blob(), filename: filenameOf(response.headers.get('content-disposition')) };
}

/** One Server-Sent Event of a streamed answer: its `event:` name and its parsed JSON `data:`. */
export interface StreamEvent {
  event: string;
  data: unknown;
}

/**
 * Calls an API that answers a stream of Server-Sent Events on success (an AI generation) and the
 * usual envelope when it refuses, which then runs the catalogue's side effects like any other call.
 * Each event goes to `onEvent` as it arrives. An `error` event (`{ code, msg }`) is a failure part-way
 * through: it runs the same side effects and rejects with its ApiError. Aborting `signal` rejects with
 * the abort error, quietly.
 */
export async function requestStream(
  path: string,
  options: RequestOptions,
  onEvent: (event: StreamEvent) => void,
): Promise<void> {
  const response = await send(path, options);
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
    const envelope = await readEnvelope<unknown>(response);
    if (!envelope) {
      throwIfAborted(options);
      throw networkFailure(options);
    }
    throw refusal(envelope, options);
  }
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (;;) {
      let read: Awaited<ReturnType<typeof reader.read>>;
      try {
        read = await reader.read();
      } catch (error) {
        if (options.signal?.aborted) throw error;
        throw networkFailure(options);
      }
      if (read.done) {
        // Browsers may end a piped body quietly rather than fail it when the call is aborted.
        throwIfAborted(options);
        return;
      }
      buffer += read.value;
      let boundary = buffer.indexOf('\n\n');
      while (boundary >= 0) {
        const block = buffer.slice(0, boundary);
        buffer = buffer.slice(boundary + 2);
        boundary = buffer.indexOf('\n\n');
        const event = parseStreamEvent(block);
        if (!event) continue;
        if (event.event === 'error') {
          const failure = event.data as Partial<Envelope<unknown>>;
          const envelope = { code: failure.code ?? Code.SERVER_ERROR, msg: failure.msg ?? '', data: null };
          throw refusal(envelope, options);
        }
        onEvent(event);
      }
    }
  } finally {
    reader.cancel().catch(() => {});
  }
}

/** One SSE block (`event:` and `data:` lines); null for comments and blocks without data. */
function parseStreamEvent(block: string): StreamEvent | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
  }
  if (data.length === 0) return null;
  try {
    return { event, data: JSON.parse(data.join('\n')) };
  } catch {
    return null;
  }
}

/** The file name of a Content-Disposition header, preferring the UTF-8 form. */
export function filenameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // Fall through to the plain form.
    }
  }
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1]?.trim() ?? null;
}

/** The signed address and headers of a call; throws (without sending) for a broken session or failed signing. */
function prepare(path: string, method: string, query: RequestOptions['query']) {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  const { token, userInfo, clearLogin } = useSession.getState();
  if (token && userInfo && !userInfo.id) {
    // A stored user without an id is a broken session (002 §4): drop it rather than send it.
    clearLogin();
    throw new ApiError(Code.TOKEN_INVALID, '登录已失效，请重新登录');
  }
  const headers = baseHeaders();
  if (!signInto(url, method, headers)) {
    throw new ApiError(NETWORK_FAILURE, '网络环境有问题，换个环境试试吧~');
  }
  return { url, headers };
}

export interface UploadOptions extends FailurePolicy {
  /** The share of the file sent so far, 0–100, as the browser reports it. */
  onProgress?(percent: number): void;
  signal?: AbortSignal;
}

/**
 * Sends a multipart form with upload progress (002 §7: the keyword and zip uploads), which `fetch` cannot
 * report; signed, answered and failed like {@link request}.
 */
export function requestUpload<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let prepared: ReturnType<typeof prepare>;
    try {
      prepared = prepare(path, 'POST', undefined);
    } catch (error) {
      reject(error);
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', prepared.url);
    xhr.timeout = REQUEST_TIMEOUT_MS;
    for (const [name, value] of Object.entries(prepared.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    const failNetwork = () => reject(networkFailure(options));
    xhr.onerror = failNetwork;
    xhr.ontimeout = failNetwork;
    xhr.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'));
    xhr.onload = () => {
      let envelope: Envelope<T> | null = null;
      try {
        const body = JSON.parse(xhr.responseText) as Partial<Envelope<T>>;
        if (typeof body.code === 'number') envelope = { code: body.code, msg: body.msg ?? '', data: body.data as T };
      } catch {
        envelope = null;
      }
      if (!envelope) return failNetwork();
      if (isCallSuccess(envelope.code)) return resolve(envelope.data);
      reject(refusal(envelope, options));
    };
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** Signs and sends a call; a network failure runs its side effects and rejects. */
async function send(path: string, options: RequestOptions): Promise<Response> {
  const method = options.method ?? 'GET';
  const { url, headers } = prepare(path, method, options.query);
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  try {
    return await fetch(url, {
      method,
      // A FormData body (a multipart form, e.g. batch extraction) sets its own content type and boundary.
      headers:
        options.body === undefined || options.body instanceof FormData
          ? headers
          : { ...headers, 'content-type': 'application/json' },
      body:
        options.body === undefined
          ? null
          : options.body instanceof FormData
            ? options.body
            : JSON.stringify(options.body),
      signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw networkFailure(options);
  }
}

function baseHeaders(): Record<string, string> {
  const headers: Record<string, string> = {
    [SignHeader.VERSION]: CLIENT_VERSION,
    [SignHeader.PAGE]: window.location.href,
  };
  const { token } = useSession.getState();
  if (token) headers.authorization = token;
  const visitorId = readLocal(LocalKey.visitorId);
  if (visitorId) headers[SignHeader.VISITOR] = visitorId;
  const sessionId = readCookie(CookieKey.sessionId);
  if (sessionId) headers[SignHeader.SESSION] = sessionId;
  return headers;
}

/** POST carries ts/he/sign in the query; other methods one encoded header. False if signing failed. */
function signInto(url: URL, method: string, headers: Record<string, string>): boolean {
  try {
    const { uid } = useSession.getState();
    const he = identityHash(uid ?? readLocal(LocalKey.visitorId) ?? 'anonymous');
    const parts = signRequest(url.pathname, signedNow(), he);
    if (method === 'POST') {
      url.searchParams.set('ts', String(parts.ts));
      url.searchParams.set('he', parts.he);
      url.searchParams.set('sign', parts.sign);
    } else {
      headers[SignHeader.SIGNATURE] = encodeSignHeader(parts);
    }
    return true;
  } catch {
    toast('网络环境有问题，换个环境试试吧~', 'error', 2000);
    return false;
  }
}

/**
 * A call given up by its caller (react-query cancels a query whose page or tab was left) may abort while
 * its body is still arriving: that is no network failure, and must not open 网络出错啦 over the page the
 * user went on to. Rejects with the abort's reason, quietly, as `send` does when the abort comes first.
 */
function throwIfAborted(options: RequestOptions) {
  if (options.signal?.aborted) throw options.signal.reason ?? new DOMException('aborted', 'AbortError');
}

/** A call that got no envelope back: runs the network failure's side effects and gives the error to reject with. */
function networkFailure(options: FailurePolicy): ApiError {
  applyNetworkFailure(options);
  return new ApiError(NETWORK_FAILURE, '网络出错啦，刷新试试吧');
}

/** A refused call: runs the catalogue's side effects for its envelope and gives the error to reject with. */
function refusal(envelope: Envelope<unknown>, options: FailurePolicy): ApiError {
  applyFailure(envelope, options);
  return new ApiError(envelope.code, envelope.msg, envelope.data);
}

async function readEnvelope<T>(response: Response): Promise<Envelope<T> | null> {
  try {
    const body = (await response.json()) as Partial<Envelope<T>>;
    if (typeof body.code !== 'number') return null;
    return { code: body.code, msg: body.msg ?? '', data: body.data as T };
  } catch {
    return null;
  }
}
