import { afterEach, describe, expect, it, vi } from 'vitest';
import { encryptPassword, forgetPublicKey } from './password-crypto';
import { mockApi, ok } from './testing/mock-api';
import { createTestKeyPair } from './testing/rsa-key';

describe('encryptPassword', () => {
  afterEach(() => {
    forgetPublicKey();
    vi.unstubAllGlobals();
  });

  it('encrypts with RSA-OAEP SHA-256 under the server key, which alone reads it back', async () => {
    const { publicKey, decrypt } = await createTestKeyPair();
    const { calls } = mockApi({ '/api/user/public_key': ok(publicKey) });
    const first = await encryptPassword('Abc12345');
    const second = await encryptPassword('Abc12345');
    expect(first).not.toContain('Abc12345');
    expect(first).not.toBe(second);
    expect(await decrypt(first)).toBe('Abc12345');
    expect(await decrypt(second)).toBe('Abc12345');
    expect(calls.filter((call) => call.path === '/api/user/public_key')).toHaveLength(1);
  });

  it('fetches the key again after a failure', async () => {
    const { publicKey } = await createTestKeyPair();
    let asked = 0;
    mockApi({
      '/api/user/public_key': () => (++asked === 1 ? { code: 300, msg: '稍后再试', data: null } : ok(publicKey)),
    });
    await expect(encryptPassword('Abc12345')).rejects.toThrow('稍后再试');
    await expect(encryptPassword('Abc12345')).resolves.toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(asked).toBe(2);
  });
});
