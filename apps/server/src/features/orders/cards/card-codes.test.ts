import { cardCodeQuerySchema } from '@dso/contract';
import { describe, expect, it } from 'vitest';
import { CARD_CODE_ALPHABET, isCardCodeShape, newCardCode } from './card-codes';

describe('card codes', () => {
  it('leaves out the characters people confuse', () => {
    for (const char of '0O1IL') expect(CARD_CODE_ALPHABET).not.toContain(char);
    expect(new Set(CARD_CODE_ALPHABET).size).toBe(CARD_CODE_ALPHABET.length);
  });

  it('makes 10-character codes from the alphabet that the exchange schema accepts as typed', () => {
    for (let i = 0; i < 200; i++) {
      const code = newCardCode();
      expect(isCardCodeShape(code)).toBe(true);
      expect(cardCodeQuerySchema.parse({ code }).code).toBe(code);
    }
  });

  it('uses every symbol of the alphabet and repeats no code across ten thousand draws', () => {
    const codes = Array.from({ length: 10_000 }, newCardCode);
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(codes.join(''))).toEqual(new Set(CARD_CODE_ALPHABET));
  });

  it('tells a code of the wrong length or with a confusable character apart', () => {
    expect(isCardCodeShape('ABCDEFGHJ')).toBe(false);
    expect(isCardCodeShape('ABCDEFGHJ0')).toBe(false);
    expect(isCardCodeShape('ABCDEFGHJO')).toBe(false);
    expect(isCardCodeShape('ABCDEFGHJK')).toBe(true);
  });
});
