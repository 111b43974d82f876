import { constants, privateDecrypt } from 'node:crypto';
import { Code } from '@dso/contract';
import { validateNewPassword } from '@dso/domain';
import { hash, verify } from '@node-rs/argon2';
import { AppError } from '../../../lib/app-error';
import type { PasswordKey } from './server-keys.service';

/** Argon2id with the library's defaults (19 MiB, 2 passes), the OWASP minimum. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/**
 * Checked against a real hash even when the account has none, so the answer takes as long for an
 * unknown phone as for a wrong password and the timing tells nothing.
 */
let decoyHash: Promise<string> | undefined;
export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  decoyHash ??= hash('decoy-password-for-timing');
  const stored = passwordHash ?? (await decoyHash);
  const matches = await verify(stored, password).catch(() => false);
  return matches && Boolean(passwordHash);
}

/** The plain password inside a `pwd` field, or null when it does not decrypt with our key. */
export function decryptPassword(key: PasswordKey, encrypted: string): string | null {
  try {
    const plain = privateDecrypt(
      { key: key.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(encrypted, 'base64'),
    );
    return plain.toString('utf8');
  } catch {
    return null;
  }
}

/** A `pwd` that could not be decrypted: the page holds an old key or a broken encryptor. */
export function undecryptablePassword() {
  return AppError.badRequest('密码格式错误，请刷新页面重试');
}

/** Decrypts a new password and holds it to the password rule (001 §5), answering 400 in its words. */
export function readNewPassword(key: PasswordKey, encrypted: string): string {
  const password = decryptPassword(key, encrypted);
  if (password === null) throw undecryptablePassword();
  const problem = validateNewPassword(password);
  if (problem) throw new AppError(Code.BAD_REQUEST, problem);
  return password;
}
