import {
  Code,
  MIND_MAP_ALIAS,
  type MindMap,
  type MindMapChildren,
  type MindMapRelation,
  type MindMapWord,
  mindMapLimits,
  mindMapMessages,
} from '@dso/contract';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { askJson, UnreadableAnswerError } from '../../lib/llm-json';
import { modelFailureMessage } from '../../lib/llm-stream';
import { LlmError, type LlmMessage, type LlmProvider } from '../../providers/llm/index';
import { relatedKeywords, resolveViewer, type Viewer } from '../keywords';
import { assertQuotaLeft, holdPermission } from '../permissions';
import { groupsOf, mergeWords } from './mind-map.rules';

/** The model's answer as it is asked for (the words are checked against the library afterwards). */
const groupsAnswerSchema = z.object({
  groups: z.array(z.object({ name: z.string(), words: z.array(z.string()) })).min(1),
});

/** A relation's words of the Douyin library, best first, with the search index the viewer may see. */
async function libraryWords(
  db: Database,
  viewer: Viewer,
  keyword: string,
  relation: MindMapRelation,
  limit: number,
): Promise<MindMapWord[]> {
  const list = await relatedKeywords(db, viewer, {
    platform: 'DSO',
    country: undefined,
    keyword,
    relation,
    page_no: 1,
    page_size: limit,
  });
  return list.result.map((row) => ({ word: row.keyword, relation, search_index: row.search_index }));
}

function groupingMessages(keyword: string, words: string[]): LlmMessage[] {
  return [
    {
      role: 'system',
      content:
        '你是一名短视频SEO关键词策划。把给定的搜索词按用户搜索意图分组，用于制作关键词思维导图。只输出JSON，不要解释。',
    },
    {
      role: 'user',
      content: [
        `核心关键词：${keyword}`,
        `搜索词（来自关键词库，每个词必须且只能放进一个分组）：${words.join('、')}`,
        `分成${mindMapLimits.groupsMin}到${mindMapLimits.groupsMax}组，组名不超过6个字，概括这组词的搜索意图（如 选购推荐、教程攻略、场景人群）。`,
        '输出格式：{"groups":[{"name":"组名","words":["搜索词"]}]}',
      ].join('\n'),
    },
  ];
}

/**
 * Builds a keyword's mind map: the library's drop-down, correlation and root words (nothing to map is
 * a 400 before any model call), grouped by the model into named branches. A used-up daily count is
 * refused (810) before the model is asked; a unit is held from then and kept once the grouping is
 * read, so a model that fails or answers nonsense costs nothing (300 with the reason).
 */
export async function buildMindMap(db: Database, llm: LlmProvider, userId: number, keyword: string): Promise<MindMap> {
  const viewer = await resolveViewer(db, userId);
  const per = mindMapLimits.wordsPerRelation;
  const lists = await Promise.all(
    (['sug', 'correlation', 'root'] as const).map((relation) => libraryWords(db, viewer, keyword, relation, per)),
  );
  const words = mergeWords(keyword, lists);
  if (words.length === 0) throw AppError.badRequest(mindMapMessages.noWords(keyword));
  const charge = { userId, alias: MIND_MAP_ALIAS, reason: keyword };
  await assertQuotaLeft(db, charge);
  // Held before the model is asked, so concurrent maps past the quota are refused rather than drawn.
  const hold = await holdPermission(db, charge);
  let answer: z.infer<typeof groupsAnswerSchema>;
  try {
    answer = await askJson(
      llm,
      {
        messages: groupingMessages(
          keyword,
          words.map((word) => word.word),
        ),
        context: {
          topic: `${keyword}思维导图`,
          keywords: [keyword],
          relatedWords: words.map((word) => word.word),
          kind: 'word-groups',
          wordGroups: { keyword, words: words.map((word) => word.word), groupsMax: mindMapLimits.groupsMax },
        },
        temperature: 0.2,
        maxTokens: 1_500,
      },
      groupsAnswerSchema,
    );
  } catch (error) {
    await hold.giveBack();
    if (error instanceof UnreadableAnswerError) throw new AppError(Code.TOAST, mindMapMessages.unreadable);
    if (error instanceof LlmError) throw new AppError(Code.TOAST, modelFailureMessage(error));
    throw error;
  }
  const groups = groupsOf(answer, words);
  await hold.settle();
  return { keyword, groups, sandbox: llm.isSandbox };
}

/**
 * A word's children for an expanded node: its drop-down words, then its correlation words, each once,
 * at most {@link mindMapLimits.childrenMax}. Reads the library only; nothing is charged.
 */
export async function expandWord(db: Database, userId: number, word: string): Promise<MindMapChildren> {
  const viewer = await resolveViewer(db, userId);
  const max = mindMapLimits.childrenMax;
  const [sug, correlation] = await Promise.all([
    libraryWords(db, viewer, word, 'sug', max),
    libraryWords(db, viewer, word, 'correlation', max),
  ]);
  return { word, children: mergeWords(word, [sug, correlation], max) };
}
