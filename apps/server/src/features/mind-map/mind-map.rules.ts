import { type MindMapGroup, type MindMapWord, mindMapLimits } from '@dso/contract';

/** The group that takes the words a grouping left out. */
export const LEFTOVER_GROUP = '其他相关';
const GROUP_NAME_MAX = 12;

/**
 * The words of a map, from the library's lists in the order given (drop-down, correlation, root): each
 * word once (its first relation wins), never the keyword itself, at most `max`.
 */
export function mergeWords(
  keyword: string,
  lists: MindMapWord[][],
  max: number = mindMapLimits.wordsMax,
): MindMapWord[] {
  const seen = new Set([keyword]);
  const merged: MindMapWord[] = [];
  for (const list of lists) {
    for (const word of list) {
      if (seen.has(word.word) || merged.length >= max) continue;
      seen.add(word.word);
      merged.push(word);
    }
  }
  return merged;
}

/**
 * The map's groups from the model's grouping, trusted only as far as it agrees with the library:
 * 1. a word the library did not give is dropped, and a word is placed once (its first group);
 * 2. names are trimmed to 12 characters; a group left without words is dropped, as is an unnamed one's
 *    name (its words go to 其他相关);
 * 3. groups past `groupsMax` are folded into 其他相关, and so is every library word the model left out,
 *    so no word of the library is lost;
 * 4. groups with the same name are one group.
 */
export function groupsOf(
  answer: { groups: Array<{ name: string; words: string[] }> },
  words: MindMapWord[],
  groupsMax: number = mindMapLimits.groupsMax,
): MindMapGroup[] {
  const byWord = new Map(words.map((word) => [word.word, word]));
  const placed = new Set<string>();
  const groups = new Map<string, MindMapWord[]>();
  const leftovers: MindMapWord[] = [];
  for (const group of answer.groups) {
    const name = Array.from(group.name.trim()).slice(0, GROUP_NAME_MAX).join('');
    const members = group.words
      .map((word) => byWord.get(word.trim()))
      .filter((word): word is MindMapWord => word !== undefined && !placed.has(word.word));
    for (const word of members) placed.add(word.word);
    if (members.length === 0) continue;
    if (!name || name === LEFTOVER_GROUP) {
      leftovers.push(...members);
      continue;
    }
    if (!groups.has(name) && groups.size >= groupsMax - 1) {
      leftovers.push(...members);
      continue;
    }
    groups.set(name, [...(groups.get(name) ?? []), ...members]);
  }
  leftovers.push(...words.filter((word) => !placed.has(word.word)));
  const result = [...groups].map(([name, members]) => ({ name, words: members }));
  if (leftovers.length > 0) result.push({ name: LEFTOVER_GROUP, words: leftovers });
  return result;
}
