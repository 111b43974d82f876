import { describe, expect, it } from 'vitest';
import { createTokenCipher, TokenCipherError } from './token-cipher';

const secret = 'a-test-secret-of-some-length-1';
const cipher = createTokenCipher({ currentSecret: secret });

/** Flips one bit of a base64url part of a sealed value. */
function flipBit(sealed: string, part: 3 | 4): string {
  const parts = sealed.split(':');
  const bytes = Buffer.from(parts[part] as string, 'base64url');
  bytes[0] = (bytes[0] as number) ^ 1;
  parts[part] = bytes.toString('base64url');
  return parts.join(':');
}

describe('token cipher', () => {
  it('opens what it sealed, and never stores the plaintext', () => {
    const sealed = cipher.seal('act.1234567890abcdef', 'access_token');
    expect(sealed.startsWith(`enc:v1:${cipher.currentKeyId}:`)).toBe(true);
    expect(sealed).not.toContain('act.1234567890abcdef');
    expect(cipher.open(sealed, 'access_token')).toBe('act.1234567890abcdef');
  });

  it('seals the same token differently each time (a fresh nonce)', () => {
    expect(cipher.seal('rft.same', 'refresh_token')).not.toBe(cipher.seal('rft.same', 'refresh_token'));
  });

  it('refuses an altered ciphertext, an altered nonce and a cut value', () => {
    const sealed = cipher.seal('act.secret-token', 'access_token');
    expect(() => cipher.open(flipBit(sealed, 4), 'access_token')).toThrow(TokenCipherError);
    expect(() => cipher.open(flipBit(sealed, 3), 'access_token')).toThrow(TokenCipherError);
    expect(() => cipher.open(sealed.slice(0, -4), 'access_token')).toThrow(TokenCipherError);
    expect(() => cipher.open('enc:v1:zzz', 'access_token')).toThrow(TokenCipherError);
  });

  it('refuses a value moved to another field', () => {
    const sealed = cipher.seal('act.secret-token', 'access_token');
    expect(() => cipher.open(sealed, 'refresh_token')).toThrow(TokenCipherError);
  });

  it('refuses a value whose key id was rewritten to another known key', () => {
    const rotated = createTokenCipher({ currentSecret: 'another-secret-0000000', previousSecrets: [secret] });
    const sealed = cipher.seal('act.secret-token', 'access_token');
    const relabelled = sealed.replace(cipher.currentKeyId, rotated.currentKeyId);
    expect(() => rotated.open(relabelled, 'access_token')).toThrow(TokenCipherError);
  });

  it('opens values of a previous key after rotation and asks for them to be resealed', () => {
    const old = cipher.seal('rft.old-token', 'refresh_token');
    const rotated = createTokenCipher({ currentSecret: 'the-next-secret-00000000', previousSecrets: [secret] });
    expect(rotated.currentKeyId).not.toBe(cipher.currentKeyId);
    expect(rotated.open(old, 'refresh_token')).toBe('rft.old-token');
    expect(rotated.needsReseal(old)).toBe(true);
    expect(rotated.needsReseal(rotated.seal('rft.new', 'refresh_token'))).toBe(false);
    // A key dropped from the configuration no longer opens its values.
    const forgotten = createTokenCipher({ currentSecret: 'the-next-secret-00000000' });
    expect(() => forgotten.open(old, 'refresh_token')).toThrow(/unknown key/);
  });

  it('reads unsealed (legacy plaintext) values as they are and asks for them to be sealed', () => {
    expect(cipher.open('act.legacy-plain', 'access_token')).toBe('act.legacy-plain');
    expect(cipher.needsReseal('act.legacy-plain')).toBe(true);
  });

  it('keeps the empty value of a revoked account empty', () => {
    expect(cipher.seal('', 'access_token')).toBe('');
    expect(cipher.open('', 'access_token')).toBe('');
    expect(cipher.needsReseal('')).toBe(false);
  });
});
