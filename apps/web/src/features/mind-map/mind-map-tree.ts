import type { MindMap, MindMapRelation, MindMapWord } from '@dso/contract';
import { formatFigure } from '../../lib/figures';

/** How the library relates a word to its parent, as the keyword detail's tabs call it. */
export const relationLabels: Record<MindMapRelation, string> = {
  sug: '下拉词',
  correlation: '相关词',
  root: '词根',
};

/** What the page knows about the map's words beyond the build: loaded children, and which are open. */
export interface MindMapExpansion {
  /** A word's children once loaded (an empty list: it has none). */
  children: ReadonlyMap<string, readonly MindMapWord[]>;
  /** Words whose children show. */
  open: ReadonlySet<string>;
}

/** One node of ECharts' tree series. */
export interface MindMapNode {
  name: string;
  /** 'root' | 'group' | 'word'. */
  kind: 'root' | 'group' | 'word';
  word?: MindMapWord;
  collapsed?: boolean;
  children?: MindMapNode[];
}

/** Every word on the map: the groups' words and the loaded children, which the page leaves out of new children. */
export function wordsOnMap(map: MindMap, expansion: MindMapExpansion): Set<string> {
  const words = new Set([map.keyword]);
  for (const group of map.groups) for (const word of group.words) words.add(word.word);
  for (const list of expansion.children.values()) for (const word of list) words.add(word.word);
  return words;
}

function wordNode(word: MindMapWord, expansion: MindMapExpansion, trail: Set<string>): MindMapNode {
  const loaded = expansion.children.get(word.word);
  const children = trail.has(word.word)
    ? []
    : (loaded ?? []).map((child) => wordNode(child, expansion, new Set([...trail, word.word])));
  return {
    name: word.word,
    kind: 'word',
    word,
    collapsed: !expansion.open.has(word.word),
    ...(children.length ? { children } : {}),
  };
}

/** The tree ECharts draws: keyword → the model's groups → words → the children of open words. */
export function treeOf(map: MindMap, expansion: MindMapExpansion): MindMapNode {
  return {
    name: map.keyword,
    kind: 'root',
    collapsed: false,
    children: map.groups.map((group) => ({
      name: group.name,
      kind: 'group',
      collapsed: false,
      children: group.words.map((word) => wordNode(word, expansion, new Set())),
    })),
  };
}

/** How many leaves the drawn tree has: the chart's height follows it. */
export function leafCount(node: MindMapNode): number {
  if (!node.children?.length || node.collapsed) return 1;
  return node.children.reduce((sum, child) => sum + leafCount(child), 0);
}

/**
 * The map as Markdown: `# keyword`, `## group`, then each word as a list item with its relation and
 * search index, open words' children indented below it.
 */
export function markdownOf(map: MindMap, expansion: MindMapExpansion): string {
  const lines = [`# ${map.keyword}`, ''];
  const item = (word: MindMapWord, depth: number, trail: Set<string>) => {
    lines.push(
      `${'  '.repeat(depth)}- ${word.word}（${relationLabels[word.relation]}，搜索指数 ${formatFigure(word.search_index)}）`,
    );
    if (!expansion.open.has(word.word) || trail.has(word.word)) return;
    for (const child of expansion.children.get(word.word) ?? []) item(child, depth + 1, new Set([...trail, word.word]));
  };
  for (const group of map.groups) {
    lines.push(`## ${group.name}`, '');
    for (const word of group.words) item(word, 0, new Set());
    lines.push('');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
