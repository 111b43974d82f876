/**
 * AI 选词's picks read from the model's text. The model is asked to write one pick a line,
 * the word in 「」 and then why it is worth doing:
 *
 *   1. 「露营装备清单」：搜索需求稳定，作品少……
 *
 * 1. A line picks a word when its first 「…」 holds one of the candidates (exactly, after trimming);
 *    a line without one, or naming a word that is not a candidate, picks nothing, so a model cannot
 *    invent a word with figures beside it.
 * 2. The reason is the rest of the line after the bracket, without the leading ：:—- and spaces.
 * 3. A word picked twice counts once, at its first line; picks keep the order of the text.
 * 4. While the text is streaming, its last line may be unfinished: it still picks (the reason grows).
 */
export interface KeywordPick {
  word: string;
  reason: string;
}

const BRACKETED = /「([^」]+)」/;

export function pickedWords(text: string, candidates: readonly string[]): KeywordPick[] {
  const known = new Set(candidates);
  const picks: KeywordPick[] = [];
  const seen = new Set<string>();
  for (const line of text.split('\n')) {
    const match = BRACKETED.exec(line);
    const word = match?.[1]?.trim();
    if (!match || !word || !known.has(word) || seen.has(word)) continue;
    seen.add(word);
    const reason = line
      .slice(match.index + match[0].length)
      .replace(/^[\s：:—\-－,，]+/, '')
      .trim();
    picks.push({ word, reason });
  }
  return picks;
}
