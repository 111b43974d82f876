import { describe, expect, it } from 'vitest';
import { computeSign, decodeSignHeader, encodeSignHeader, identityHash, signRequest } from './signing';

describe('request signing', () => {
  it('signs the same path and time identically on both sides', () => {
    expect(computeSign('/api/web/event', 1_700_000_000_000, 'abcdef0123456789')).toBe(
      computeSign('/api/web/event', 1_700_000_000_000, 'abcdef0123456789'),
    );
  });

  it('changes the signature when the path, time or identity changes', () => {
    const base = computeSign('/api/a', 1, '0000000000000000');
    expect(computeSign('/api/b', 1, '0000000000000000')).not.toBe(base);
    expect(computeSign('/api/a', 2, '0000000000000000')).not.toBe(base);
    expect(computeSign('/api/a', 1, '0000000000000001')).not.toBe(base);
  });

  it('hashes an identity to 16 hex characters', () => {
    expect(identityHash('42')).toMatch(/^[0-9a-f]{16}$/);
    expect(identityHash('42')).not.toBe(identityHash('43'));
  });

  it('round-trips the encoded header, Chinese-safe', () => {
    const parts = signRequest('/api/关键词', 123, identityHash('访客'));
    expect(decodeSignHeader(encodeSignHeader(parts))).toEqual(parts);
  });

  it('refuses a header that is not the encoded three parts', () => {
    expect(decodeSignHeader('not-base64-json')).toBeNull();
    expect(decodeSignHeader(encodeSignHeader({ ts: 1, he: 'x', sign: 'y' }).slice(0, 5))).toBeNull();
  });
});
