import { itemsOf } from './sandbox-writing';

/**
 * The longest clause (between punctuation marks) written twice in a text, once the data it was written
 * from (keyword, related words, the user's values) is blanked out: a sentence pattern repeated with
 * different words counts as repeated. For tests of the sandbox's writing.
 */
export function longestRepeatedClause(text: string, data: string[]): string {
  const words = [...new Set(data.flatMap((value) => [value, ...itemsOf(value)]))]
    .filter(Boolean)
    .sort((a, b) => b.length - a.length);
  // Citation marks (【参考视频1】) name a source; citing one twice is not repeating a sentence.
  let blanked = text.replace(/【参考视频\d+】/g, '');
  for (const word of words) blanked = blanked.split(word).join('□');
  const clauses = blanked
    .split(/[，。！？；：、,.!?;:\n|｜「」【】（）()～~#]/)
    .map((clause) => clause.replace(/^[\s\d第条步镜头✨💡👍📌📣🎉]+/u, '').trim())
    .filter((clause) => Array.from(clause).length >= 5);
  const seen = new Set<string>();
  let longest = '';
  for (const clause of clauses) {
    if (seen.has(clause) && clause.length > longest.length) longest = clause;
    seen.add(clause);
  }
  return longest;
}
