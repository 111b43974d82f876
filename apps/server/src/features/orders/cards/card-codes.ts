import { randomInt } from 'node:crypto';
import { cardCodeLimits } from '@dso/domain';

/**
 * The characters of a membership card code: upper-case letters and digits without the ones people
 * misread on a printed or handwritten card (0/O, 1/I/L). 31 symbols over 10 places give about 8·10^14
 * codes, so guessing one of even a million sold cards takes hundreds of millions of tries.
 */
export const CARD_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** One new card code: each place drawn uniformly from the alphabet by the system's CSPRNG. */
export function newCardCode(): string {
  let code = '';
  for (let i = 0; i < cardCodeLimits.length; i++) code += CARD_CODE_ALPHABET[randomInt(CARD_CODE_ALPHABET.length)];
  return code;
}

/** Whether a code could have been made by {@link newCardCode} (length and alphabet). */
export function isCardCodeShape(code: string): boolean {
  if (code.length !== cardCodeLimits.length) return false;
  for (const char of code) if (!CARD_CODE_ALPHABET.includes(char)) return false;
  return true;
}
