import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Request signing (002 §7). The key ships with the web client, so the signature is an integrity and
 * freshness check (the request came from our client code, recently), not a secret: authentication is the
 * token's job. Pure JS so it works on plain-HTTP hosts where Web Crypto is unavailable.
 */
export const SIGN_KEY = 'dso-web-client-v1';

/** The client version marker every request carries. */
export const CLIENT_VERSION = '1.0';

/** Accepted clock distance between the signed timestamp and the server clock. */
export const SIGN_WINDOW_MS = 5 * 60 * 1000;

export const SignHeader = {
  /** One base64url-encoded JSON `{ ts, he, sign }` for non-POST requests. */
  SIGNATURE: 'x-dso-sign',
  VERSION: 'x-client-version',
  VISITOR: 'x-visitor-id',
  SESSION: 'x-session-id',
  PAGE: 'x-page-url',
} as const;

export interface SignParts {
  ts: number;
  he: string;
  sign: string;
}

/** `he`: a short hash of the user id when logged in, else of the device (visitor) marker. */
export function identityHash(idOrDevice: string): string {
  return bytesToHex(sha256(utf8ToBytes(`he:${idOrDevice}`))).slice(0, 16);
}

/** The signature over path and timestamp (and `he`, so it cannot be swapped). */
export function computeSign(path: string, ts: number, he: string): string {
  const message = `${path}\n${ts}\n${he}\n${CLIENT_VERSION}`;
  return bytesToHex(hmac(sha256, utf8ToBytes(SIGN_KEY), utf8ToBytes(message)));
}

export function signRequest(path: string, ts: number, he: string): SignParts {
  return { ts, he, sign: computeSign(path, ts, he) };
}

/** The header value that carries the three parts on non-POST requests. */
export function encodeSignHeader(parts: SignParts): string {
  const json = JSON.stringify(parts);
  return base64UrlEncode(json);
}

export function decodeSignHeader(value: string): SignParts | null {
  try {
    const parsed = JSON.parse(base64UrlDecode(value)) as Partial<SignParts>;
    if (typeof parsed.ts !== 'number' || typeof parsed.he !== 'string' || typeof parsed.sign !== 'string') {
      return null;
    }
    return { ts: parsed.ts, he: parsed.he, sign: parsed.sign };
  } catch {
    return null;
  }
}

function base64UrlEncode(text: string): string {
  const bytes = utf8ToBytes(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function base64UrlDecode(value: string): string {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}
