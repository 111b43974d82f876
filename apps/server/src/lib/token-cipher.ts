/*
 * Sealing of secrets the server must read back (OAuth access and refresh tokens), so a copy of the
 * database (a backup, a replica, a leaked dump) does not hand out working tokens. AES-256-GCM from
 * node:crypto; the key is derived from a configured secret with HKDF, and every sealed value names
 * the key that sealed it, so keys can rotate: the current key seals, older keys still open.
 *
 * Stored form: `enc:v1:<key id>:<iv>:<ciphertext and tag>` (base64url parts). Anything without the
 * `enc:` prefix is a value written before sealing existed and is read as plaintext, so old rows keep
 * working until they are resealed.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

const PREFIX = 'enc:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Binds derived keys to this use: the same secret used elsewhere yields an unrelated key. */
const HKDF_INFO = 'dso token sealing v1';

/** A sealed value that cannot be opened: altered, cut, sealed for another field, or under an unknown key. */
export class TokenCipherError extends Error {
  override readonly name = 'TokenCipherError';
}

export interface TokenCipherOptions {
  /** The secret new values are sealed under (TOKEN_ENCRYPTION_KEY). */
  currentSecret: string;
  /** Secrets of earlier keys, still accepted for opening (TOKEN_ENCRYPTION_PREVIOUS_KEYS). */
  previousSecrets?: readonly string[];
}

export interface TokenCipher {
  /** The id written into values sealed now. */
  readonly currentKeyId: string;
  /** Seals a value; `context` (e.g. the column) must be given again to open it. '' stays '' (no token). */
  seal(plain: string, context: string): string;
  /** Opens a sealed value, or answers an unsealed (legacy plaintext) one as it is; throws {@link TokenCipherError}. */
  open(stored: string, context: string): string;
  /** Whether a stored value should be rewritten: plaintext, or sealed under a key that is not the current one. */
  needsReseal(stored: string): boolean;
}

interface Key {
  id: string;
  material: Buffer;
}

function deriveKey(secret: string): Key {
  const material = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), HKDF_INFO, 32));
  // The id is a short fingerprint of the derived key: it says which key sealed a value, and being a hash
  // of HKDF output it reveals nothing usable about the secret.
  const id = createHash('sha256').update(material).digest('hex').slice(0, 8);
  return { id, material };
}

export function isSealed(stored: string): boolean {
  return stored.startsWith('enc:');
}

export function createTokenCipher(options: TokenCipherOptions): TokenCipher {
  const current = deriveKey(options.currentSecret);
  const keys = new Map<string, Key>([[current.id, current]]);
  for (const secret of options.previousSecrets ?? []) {
    const key = deriveKey(secret);
    if (!keys.has(key.id)) keys.set(key.id, key);
  }

  return {
    currentKeyId: current.id,
    seal(plain, context) {
      if (plain === '') return '';
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', current.material, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(`${current.id}:${context}`));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${PREFIX}${current.id}:${iv.toString('base64url')}:${body.toString('base64url')}`;
    },
    open(stored, context) {
      if (!isSealed(stored)) return stored;
      if (!stored.startsWith(PREFIX)) throw new TokenCipherError('unknown sealing version');
      const [keyId, ivText, bodyText, ...rest] = stored.slice(PREFIX.length).split(':');
      if (!keyId || !ivText || !bodyText || rest.length > 0) throw new TokenCipherError('malformed sealed value');
      const key = keys.get(keyId);
      if (!key) throw new TokenCipherError(`sealed under an unknown key ${keyId}`);
      const iv = Buffer.from(ivText, 'base64url');
      const body = Buffer.from(bodyText, 'base64url');
      if (iv.length !== IV_BYTES || body.length < TAG_BYTES) throw new TokenCipherError('malformed sealed value');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key.material, iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(Buffer.from(`${key.id}:${context}`));
        decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
        return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        throw new TokenCipherError('sealed value failed authentication');
      }
    },
    needsReseal(stored) {
      if (stored === '') return false;
      return !stored.startsWith(`${PREFIX}${current.id}:`);
    },
  };
}
