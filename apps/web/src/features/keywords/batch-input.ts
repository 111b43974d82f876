import { BATCH_SEPARATORS, keywordLimits, splitBatchKeywords } from '@dso/domain';

/**
 * The domain's batch separators (000 §5: 、 , ， and line breaks), as a run that `split` keeps (so the
 * separators stay as typed) and as a whole token.
 */
const SEPARATOR_RUN = new RegExp(`(${BATCH_SEPARATORS.source})`);
const SEPARATOR = new RegExp(`^${BATCH_SEPARATORS.source}$`);

/** The batch textarea after a change: the text to show and the words it holds. */
export interface BatchInput {
  text: string;
  words: string[];
  /** A word was longer than 30 characters and was cut: the caller shows 关键词长度不能超过30个字符. */
  truncated: boolean;
}

const chars = (text: string) => Array.from(text);

/**
 * Applies the batch rules to what the user typed or pasted (000 §5): the text is capped at 150
 * characters; words past the fifth are cut together with everything after them; a word longer than
 * 30 characters is cut to 30. Separators and the spaces inside words stay as typed, so typing is not
 * disturbed; trimming happens on blur ({@link trimBatchInput}).
 */
export function normalizeBatchInput(raw: string): BatchInput {
  const capped = chars(raw).slice(0, keywordLimits.batchTotal).join('');
  let text = '';
  let count = 0;
  let truncated = false;
  for (const token of capped.split(SEPARATOR_RUN)) {
    if (token === '') continue;
    if (SEPARATOR.test(token)) {
      text += token;
      continue;
    }
    const word = token.trim();
    if (word === '') {
      text += token;
      continue;
    }
    count += 1;
    if (count > keywordLimits.batchWords) break;
    if (chars(word).length > keywordLimits.batchWordLength) {
      const leading = token.slice(0, token.indexOf(word));
      text += leading + chars(word).slice(0, keywordLimits.batchWordLength).join('');
      truncated = true;
    } else {
      text += token;
    }
  }
  return { text, words: splitBatchKeywords(text).words, truncated };
}

/** Trims each word of the batch and the whole text (000 §5: input is trimmed on blur). */
export function trimBatchInput(text: string): string {
  return text
    .split(SEPARATOR_RUN)
    .map((token) => (SEPARATOR.test(token) ? token : token.trim()))
    .join('')
    .trim();
}

/** How batch words travel in the `keyword` query: joined by 、, which is a batch separator. */
export const BATCH_JOINER = '、';
