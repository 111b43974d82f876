import { createPrivateKey, createPublicKey, createSign, createVerify, type KeyObject } from 'node:crypto';

/**
 * Alipay OpenAPI RSA2 signing (SHA256withRSA), the rules of the classic gateway.do protocol:
 * - a request is signed over its parameters sorted by name, `sign` and empty values left out, joined
 *   as `k=v` with `&`, values as they are (not URL-encoded);
 * - an async notification is checked over all its parameters but `sign` and `sign_type`, sorted the
 *   same way, values URL-decoded (empty values stay in, as Alipay's own verifier keeps them);
 * - a response is checked over the exact text of its `<method>_response` node as it arrived.
 * Followed: opendocs.alipay.com 「生成签名」「自行实现验签」「异步通知验签」 and the SDKs' AlipaySignature.
 *
 * Written with node:crypto instead of the `alipay-sdk` package: these three rules are all the adapter
 * needs, and the SDK would bring an HTTP client and its own config surface for them.
 */

/** A PEM key (PKCS#8, PKCS#1 or SPKI), or the bare base64 body Alipay's key tool shows. */
export type KeyText = string;

function derOf(text: string): Buffer {
  return Buffer.from(text.replace(/\s+/g, ''), 'base64');
}

/** The app's private key from PEM (PKCS#8 or PKCS#1) or a bare base64 body of either. */
export function loadPrivateKey(text: KeyText): KeyObject {
  if (text.includes('-----BEGIN')) return createPrivateKey(text);
  const der = derOf(text);
  try {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  } catch {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs1' });
  }
}

/** Alipay's public key from PEM or a bare base64 body (SPKI, as the open platform shows it, or PKCS#1). */
export function loadPublicKey(text: KeyText): KeyObject {
  if (text.includes('-----BEGIN')) return createPublicKey(text);
  const der = derOf(text);
  try {
    return createPublicKey({ key: der, format: 'der', type: 'spki' });
  } catch {
    return createPublicKey({ key: der, format: 'der', type: 'pkcs1' });
  }
}

function byName(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The string a request is signed over: sorted, without `sign` and without empty values. */
export function requestSignContent(params: Record<string, string | undefined>): string {
  return Object.keys(params)
    .filter((key) => key !== 'sign' && params[key] !== undefined && params[key] !== '')
    .sort(byName)
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

/** The string a notification is verified over: sorted, without `sign` and `sign_type`. */
export function notifyCheckContent(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((key) => key !== 'sign' && key !== 'sign_type')
    .sort(byName)
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

export function rsa2Sign(content: string, key: KeyObject): string {
  return createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64');
}

/** False for a wrong signature and for anything that is not one (never throws). */
export function rsa2Verify(content: string, signature: string | undefined, key: KeyObject): boolean {
  if (!signature) return false;
  try {
    return createVerify('RSA-SHA256').update(content, 'utf8').verify(key, signature, 'base64');
  } catch {
    return false;
  }
}

/**
 * The raw text of the JSON value under `"name":` at the top level of `body`, or null. Alipay signs
 * the node's bytes as it sent them; parsing and re-serialising could change escapes or spacing, so
 * the value is cut out of the text by scanning its brackets and strings.
 */
export function rawJsonMember(body: string, name: string): string | null {
  const start = topLevelValueStart(body, name);
  if (start === null) return null;
  const end = valueEnd(body, start);
  return end === null ? null : body.slice(start, end);
}

function skipSpace(text: string, at: number): number {
  let index = at;
  while (index < text.length && /\s/.test(text[index]!)) index++;
  return index;
}

/** End of the string starting at the quote at `at` (index after the closing quote), or null. */
function stringEnd(text: string, at: number): number | null {
  for (let index = at + 1; index < text.length; index++) {
    const char = text[index];
    if (char === '\\') index++;
    else if (char === '"') return index + 1;
  }
  return null;
}

/** End of the JSON value starting at `at` (an object, array, string or scalar), or null. */
function valueEnd(text: string, at: number): number | null {
  const first = text[at];
  if (first === '"') return stringEnd(text, at);
  if (first !== '{' && first !== '[') {
    const match = /^[^,}\]\s]+/.exec(text.slice(at));
    return match ? at + match[0].length : null;
  }
  let depth = 0;
  for (let index = at; index < text.length; index++) {
    const char = text[index];
    if (char === '"') {
      const end = stringEnd(text, index);
      if (end === null) return null;
      index = end - 1;
    } else if (char === '{' || char === '[') depth++;
    else if (char === '}' || char === ']') {
      depth--;
      if (depth === 0) return index + 1;
    }
  }
  return null;
}

/** Where the value of the top-level member `name` starts, walking the outer object member by member. */
function topLevelValueStart(body: string, name: string): number | null {
  let index = skipSpace(body, 0);
  if (body[index] !== '{') return null;
  index = skipSpace(body, index + 1);
  while (index < body.length && body[index] === '"') {
    const keyEnd = stringEnd(body, index);
    if (keyEnd === null) return null;
    let key: unknown;
    try {
      key = JSON.parse(body.slice(index, keyEnd));
    } catch {
      return null;
    }
    index = skipSpace(body, keyEnd);
    if (body[index] !== ':') return null;
    index = skipSpace(body, index + 1);
    if (key === name) return index;
    const end = valueEnd(body, index);
    if (end === null) return null;
    index = skipSpace(body, end);
    if (body[index] !== ',') return null;
    index = skipSpace(body, index + 1);
  }
  return null;
}
