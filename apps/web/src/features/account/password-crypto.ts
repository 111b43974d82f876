import type { PublicKey } from '@dso/contract';
import { ApiError } from '../../lib/api/errors';
import { toast } from '../../lib/feedback';
import { fetchPublicKey } from './api/login-api';

/** Shown when the browser cannot encrypt (no Web Crypto outside a secure context). */
export const CRYPTO_UNAVAILABLE_MESSAGE = '当前浏览器无法安全加密密码，请使用 HTTPS 访问或更换浏览器';

let cachedKey: Promise<CryptoKey> | null = null;

function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Imports the server's SubjectPublicKeyInfo as an RSA-OAEP (SHA-256) encryption key. */
export function importPublicKey(key: PublicKey): Promise<CryptoKey> {
  if (!globalThis.crypto?.subtle) return Promise.reject(new Error(CRYPTO_UNAVAILABLE_MESSAGE));
  return crypto.subtle.importKey(
    'spki',
    base64ToBytes(key.public_key),
    { name: key.algorithm, hash: key.hash },
    false,
    ['encrypt'],
  );
}

/**
 * Encrypts a password for a `pwd` field (contract `encryptedPasswordSchema`): RSA-OAEP with SHA-256
 * under the server's public key, base64. The plain text never leaves the browser. The key is fetched
 * once per page; a failure forgets it so the next try fetches again.
 */
export async function encryptPassword(plain: string): Promise<string> {
  cachedKey ??= fetchPublicKey().then(importPublicKey);
  let key: CryptoKey;
  try {
    key = await cachedKey;
  } catch (error) {
    cachedKey = null;
    throw error;
  }
  const cipher = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(plain));
  return bytesToBase64(new Uint8Array(cipher));
}

/** Forgets the cached key, e.g. after the server said it could not decrypt (a rotated key). */
export function forgetPublicKey() {
  cachedKey = null;
}

/**
 * After a failed call that set a new password: a refusal (the response handler has told the user)
 * may come from a key rotated since the page loaded, so the next try fetches the new one; a browser
 * that could not encrypt is told why.
 */
export function handleNewPasswordFailure(error: unknown) {
  if (error instanceof ApiError) forgetPublicKey();
  else if (error instanceof Error) toast(error.message);
}
