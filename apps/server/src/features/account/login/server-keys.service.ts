import { createPrivateKey, generateKeyPair, type KeyObject, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import type { Database } from '../../../db/client';
import * as repository from '../accounts.repository';

const generateRsaKeyPair = promisify(generateKeyPair);

/** The row names in `server_keys`. */
const PASSWORD_KEY = 'password-rsa-oaep';
const TOKEN_SECRET = 'auth-token-hmac';

export interface PasswordKey {
  /** SubjectPublicKeyInfo, DER, base64: what the browser imports. */
  publicKeySpki: string;
  privateKey: KeyObject;
}

/**
 * Reads a shared key, making it first when no instance has yet. Two instances starting together may
 * both generate; the insert keeps the first and both go on with the stored one.
 */
async function loadOrCreate(
  db: Database,
  name: string,
  make: () => Promise<{ publicKey: string; privateKey: string }>,
) {
  const stored = await repository.findServerKey(db, name);
  if (stored) return stored;
  await repository.insertServerKeyIfAbsent(db, { name, ...(await make()) });
  const winner = await repository.findServerKey(db, name);
  if (!winner) throw new Error(`server key ${name} missing after insert`);
  return winner;
}

/** The RSA key pair passwords travel under (RSA-OAEP with SHA-256, 2048 bits). */
export async function loadPasswordKey(db: Database): Promise<PasswordKey> {
  const row = await loadOrCreate(db, PASSWORD_KEY, async () => {
    const pair = await generateRsaKeyPair('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'der' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    return { publicKey: pair.publicKey.toString('base64'), privateKey: pair.privateKey };
  });
  return { publicKeySpki: row.publicKey, privateKey: createPrivateKey(row.privateKey) };
}

/** The secret that signs the server's own short-lived tokens (the change-phone proof). */
export function loadTokenSecret(db: Database): Promise<Buffer> {
  return loadSharedSecret(db, TOKEN_SECRET);
}

/**
 * A random 32-byte HMAC secret under `name`, made by the first instance that needs it and shared by
 * every instance on the database (so with PGlite, one per data folder).
 */
export async function loadSharedSecret(db: Database, name: string): Promise<Buffer> {
  const row = await loadOrCreate(db, name, async () => ({
    publicKey: 'hmac-sha256',
    privateKey: randomBytes(32).toString('base64'),
  }));
  return Buffer.from(row.privateKey, 'base64');
}

/** Loads a key once per process; a failed load is retried on the next call rather than cached. */
export function memoize<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}
