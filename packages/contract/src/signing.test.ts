import { describe, expect, it } from 'vitest';
import { computeSign, decodeSignHeader, encodeSignHeader, identityHash, signRequest } from './signing';

describe('request signing', () => {
  /**
   * Known answers computed outside this code base from the documented formula, HMAC-SHA256 keyed by
   * SIGN_KEY over `${path}\n${ts}\n${he}\n1.0` as UTF-8, in hex (Python: hmac.new(b'dso-web-client-v1',
   * msg.encode(), hashlib.sha256).hexdigest()). The browser and the server must both produce these.
   */
  const vectors: Array<[path: string, ts: number, he: string, sign: string]> = [
    [
      '/api/web/event',
      1_700_000_000_000,
      'abcdef0123456789',
      '5b289946384f8e18f6d8ad6251672157cd206a9e339b6135e75b83ea79660250',
    ],
    [
      '/api/关键词/搜索',
      1_732_345_678_901,
      '45d1466a178f08d2',
      'e91c2e091b99b579ac1c52165a31c7dfce40d9305d1c7890d988baef77431224',
    ],
    [
      '/api/keyword/search',
      Number.MAX_SAFE_INTEGER,
      'be460dcca5a14ff1',
      'a48a2f9ff2de81528c7297da430bec6acbc332858cb9827a95e38d65535cf1ab',
    ],
  ];

  it.each(vectors)('signs %s at %d with the documented HMAC-SHA256 formula', (path, ts, he, sign) => {
    expect(computeSign(path, ts, he)).toBe(sign);
    expect(signRequest(path, ts, he)).toEqual({ ts, he, sign });
  });

  it('hashes an identity as the first 16 hex characters of SHA-256 over he:<id>', () => {
    // Python: hashlib.sha256(f'he:{id}'.encode()).hexdigest()[:16]
    expect(identityHash('42')).toBe('be460dcca5a14ff1');
    expect(identityHash('访客')).toBe('45d1466a178f08d2');
  });

  it('changes the signature when the path, time or identity changes', () => {
    const base = computeSign('/api/a', 1, '0000000000000000');
    expect(computeSign('/api/b', 1, '0000000000000000')).not.toBe(base);
    expect(computeSign('/api/a', 2, '0000000000000000')).not.toBe(base);
    expect(computeSign('/api/a', 1, '0000000000000001')).not.toBe(base);
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
