import { signedInjectOptions } from '@dso/server/testing';

/** A member's signed call over HTTP, as the web client makes it: the envelope, whatever its code. */
export async function memberEnvelope<T>(
  server: { url: string },
  token: string,
  method: 'GET' | 'POST',
  url: string,
  body?: object,
): Promise<{ code: number; msg: string; data: T }> {
  const signed = signedInjectOptions({
    method,
    url,
    token,
    ...(body ? { body, headers: { 'content-type': 'application/json' } } : {}),
  });
  const response = await fetch(`${server.url}${signed.url}`, {
    method,
    headers: signed.headers as Record<string, string>,
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return (await response.json()) as { code: number; msg: string; data: T };
}

/**
 * A member's signed call over HTTP, as the web client makes it (the journeys set up orders and payments
 * this way, then look at them in a browser): the envelope's data, or an error naming the refusal.
 */
export async function memberCall<T>(
  server: { url: string },
  token: string,
  method: 'GET' | 'POST',
  url: string,
  body?: object,
): Promise<T> {
  const envelope = await memberEnvelope<T>(server, token, method, url, body);
  if (envelope.code !== 200) throw new Error(`${url} answered ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}
