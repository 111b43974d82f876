import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * `base64url(JSON payload) + '.' + base64url(HMAC-SHA256(secret, first part))`: the shape of both the
 * sister product's hand-over token and our own change-phone proof.
 */
export function signToken(secret: string | Buffer, payload: object): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${mac(secret, body)}`;
}

/** The payload of a token whose signature holds, or null; the caller checks the fields and expiry. */
export function readSignedToken(secret: string | Buffer, token: string): Record<string, unknown> | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(secret, body));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const payload: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    return payload !== null && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function mac(secret: string | Buffer, body: string) {
  return createHmac('sha256', secret).update(body).digest('base64url');
}
