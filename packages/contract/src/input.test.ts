import { describe, expect, it } from 'vitest';
import { containsIllegalText, int32Schema, isIllegalText } from './input';

describe('text the database cannot store', () => {
  it('finds a NUL byte and lone surrogates but passes paired surrogates', () => {
    expect(isIllegalText('口红\u0000')).toBe(true);
    expect(isIllegalText('\uD800')).toBe(true);
    expect(isIllegalText('a\uD800b')).toBe(true);
    expect(isIllegalText('a\uDC00')).toBe(true);
    expect(isIllegalText('\uDC00\uD800')).toBe(true);
    expect(isIllegalText('口红😀')).toBe(false);
    expect(isIllegalText('')).toBe(false);
  });

  it('looks into nested arrays, objects and keys, not into raw bytes', () => {
    expect(containsIllegalText({ a: [{ b: ['ok', 'x\u0000'] }] })).toBe(true);
    expect(containsIllegalText({ 'k\uDFFF': 1 })).toBe(true);
    expect(containsIllegalText({ a: [1, null, true, '口红'] })).toBe(false);
    expect(containsIllegalText(new Uint8Array([0, 0]))).toBe(false);
  });

  it('survives a deeply nested value', () => {
    let value: unknown = '\u0000';
    for (let depth = 0; depth < 100_000; depth += 1) value = [value];
    expect(containsIllegalText(value)).toBe(true);
  });
});

describe('32-bit integers', () => {
  it('accepts the column range and refuses one past either end with a Chinese message', () => {
    const schema = int32Schema();
    expect(schema.safeParse(2_147_483_647).success).toBe(true);
    expect(schema.safeParse(-2_147_483_648).success).toBe(true);
    expect(schema.safeParse(2_147_483_648).error?.issues[0]?.message).toBe('数值超出范围');
    expect(schema.safeParse(-2_147_483_649).error?.issues[0]?.message).toBe('数值超出范围');
    expect(int32Schema({ coerce: true }).safeParse('2147483648').success).toBe(false);
  });
});
