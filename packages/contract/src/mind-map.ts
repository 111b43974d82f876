import { z } from 'zod';
import { figureSchema, requiredKeywordSchema } from './keywords';

/**
 * 关键词思维导图 (/simmind): a keyword expanded into a mind map from the Douyin keyword
 * library's relations (drop-down, correlation and root words) grouped by the model. Building a map
 * takes one unit of AI_WRITING_COUNT_DAY once the model has grouped the words; expanding a node reads
 * the library only and is free. docs/mind-map.md.
 */

export const MindMapPath = {
  /** POST { keyword }. Login. The map: the keyword, the model's groups, the library's words. */
  build: '/api/ai/mind-map/build',
  /** GET ?word. Login. A word's children from the library (drop-down and correlation words). */
  expand: '/api/ai/mind-map/expand',
} as const;

/** The daily count a built map takes (the AI writing count: one model answer, one unit). */
export const MIND_MAP_ALIAS = 'AI_WRITING_COUNT_DAY';

export const mindMapLimits = {
  /** Library words of each relation read for a map. */
  wordsPerRelation: 12,
  /** Words handed to the model to group (the map's second level holds them all). */
  wordsMax: 36,
  /** Groups the model may make. */
  groupsMin: 2,
  groupsMax: 6,
  /** Children an expanded node gets. */
  childrenMax: 10,
} as const;

export const mindMapMessages = {
  /** The library holds no word related to the keyword: nothing to map (nothing was charged). */
  noWords: (keyword: string) => `关键词库暂无「${keyword}」的相关词，换个关键词试试`,
  /** A word the library holds nothing under. */
  noChildren: '暂无更多相关词',
  /** The model answered something that is not a grouping (nothing was charged). */
  unreadable: 'AI 分组结果无法识别，请重试',
} as const;

/** Where a word comes from in the library: 下拉词, 相关词, 词根. */
export const mindMapRelationSchema = z.enum(['sug', 'correlation', 'root']);
export type MindMapRelation = z.infer<typeof mindMapRelationSchema>;

/** A library word on the map, with its search index (banded for viewers without show_original_data). */
export const mindMapWordSchema = z.object({
  word: z.string(),
  relation: mindMapRelationSchema,
  search_index: figureSchema.nullable(),
});
export type MindMapWord = z.infer<typeof mindMapWordSchema>;

/** One of the model's groups: its name and the words in it. */
export const mindMapGroupSchema = z.object({
  name: z.string(),
  words: z.array(mindMapWordSchema),
});
export type MindMapGroup = z.infer<typeof mindMapGroupSchema>;

export const mindMapBuildBodySchema = z.object({ keyword: requiredKeywordSchema });
export type MindMapBuildBody = z.infer<typeof mindMapBuildBodySchema>;

/** A built map: root keyword → groups → words. `sandbox` when the sandbox grouped instead of a model. */
export const mindMapSchema = z.object({
  keyword: z.string(),
  groups: z.array(mindMapGroupSchema),
  sandbox: z.boolean(),
});
export type MindMap = z.infer<typeof mindMapSchema>;

export const mindMapExpandQuerySchema = z.object({ word: requiredKeywordSchema });
export type MindMapExpandQuery = z.infer<typeof mindMapExpandQuerySchema>;

/** A word's children, best first (empty when the library holds none). */
export const mindMapChildrenSchema = z.object({
  word: z.string(),
  children: z.array(mindMapWordSchema),
});
export type MindMapChildren = z.infer<typeof mindMapChildrenSchema>;
