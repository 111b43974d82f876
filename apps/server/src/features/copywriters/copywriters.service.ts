import {
  Code,
  type CopywriterGenerateBody,
  type CopywriterSources,
  type CopywriterWork,
  type CopywriterWorkList,
  type CopywriterWorkListQuery,
  type CopywriterWorkSaveBody,
  copywriterLimits,
  copywriterMessages,
} from '@dso/contract';
import { excerptOf } from '@dso/domain';
import type { Database } from '../../db/client';
import { AppError, orNotFound } from '../../lib/app-error';
import { aiCharge, type LlmRun, startLlmRun } from '../../lib/llm-stream';
import { pageWindow } from '../../lib/page-window';
import type { LlmMessage, LlmProvider } from '../../providers/llm/index';
import { relatedWordsOf } from '../keywords';
import { assertQuotaLeft, holdPermission } from '../permissions';
import { keywordTopVideos } from '../videos';
import * as repository from './copywriters.repository';

/** Characters of a script shown in the history list. */
const EXCERPT_LENGTH = 80;
/** Characters of a video title handed to the model. */
const TITLE_CHARS = 80;

const clip = (text: string, max: number) => Array.from(text).slice(0, max).join('');

/** The material of a script: the keyword's top videos with their most liked comments, and its related words. */
export async function sourcesOf(db: Database, keyword: string): Promise<CopywriterSources> {
  const [videos, words] = await Promise.all([
    keywordTopVideos(db, keyword, { videos: copywriterLimits.videos, comments: copywriterLimits.commentsPerVideo }),
    relatedWordsOf(db, [keyword], copywriterLimits.words),
  ]);
  return {
    videos: videos.map((video) => ({
      aweme_id: video.awemeId,
      title: clip(video.title, TITLE_CHARS),
      good_count: video.goodCount,
      comments: video.comments.map((comment) => clip(comment, copywriterLimits.commentChars)),
    })),
    words,
  };
}

/** The chat messages: the task, the numbered videos with their comments, and the related words. */
function messagesFor(keyword: string, sources: CopywriterSources): LlmMessage[] {
  const videos = sources.videos.map((video, index) => {
    const comments = video.comments.length ? `；热门评论：${video.comments.map((c) => `「${c}」`).join('')}` : '';
    return `视频${index + 1}：「${video.title}」（点赞 ${video.good_count}）${comments}`;
  });
  const material = [
    videos.length ? `该关键词下的热门视频：\n${videos.join('\n')}` : '',
    sources.words.length ? `关键词库中的相关搜索词：${sources.words.join('、')}` : '',
  ].filter(Boolean);
  return [
    {
      role: 'system',
      content:
        '你是一名资深的抖音短视频编导，擅长写口播脚本。直接输出脚本，分为【开头3秒】【口播正文】【结尾引导】【推荐话题】四部分，不要解释写作思路。',
    },
    {
      role: 'user',
      content: `请围绕关键词「${keyword}」写一条60秒左右的短视频口播脚本。借鉴下列热门视频的选题和评论区里观众关心的问题，并自然融入相关搜索词。每借鉴一条视频，就在那句话后标注【参考视频N】（N 为下面的编号）。\n${material.join('\n')}`,
    },
  ];
}

/**
 * Starts a script: refuses (810) before any model call when the daily count is used up, gathers the
 * keyword's material (a keyword neither library knows is refused: the script would cite nothing),
 * holds a unit, asks the model and waits for its first piece. The unit is given back unless the
 * model answers.
 */
export async function startCopywriting(
  db: Database,
  llm: LlmProvider,
  userId: number,
  body: CopywriterGenerateBody,
  signal: AbortSignal,
): Promise<{ run: LlmRun; sources: CopywriterSources }> {
  const charge = aiCharge(userId, body.attempt, `AI 文案 · ${body.keyword}`);
  await assertQuotaLeft(db, charge);
  const sources = await sourcesOf(db, body.keyword);
  if (sources.videos.length === 0 && sources.words.length === 0) {
    throw new AppError(Code.TOAST, copywriterMessages.noMaterial(body.keyword));
  }
  const run = await startLlmRun(
    llm,
    {
      messages: messagesFor(body.keyword, sources),
      context: {
        kind: 'script',
        topic: `「${body.keyword}」短视频口播脚本`,
        keywords: [body.keyword],
        relatedWords: sources.words,
        videos: sources.videos.map((video) => ({ title: video.title, comments: video.comments })),
      },
      signal,
      variant: body.attempt,
    },
    () => holdPermission(db, charge),
  );
  return { run, sources };
}

function presentWork(row: repository.CopywriterWorkRow): CopywriterWork {
  return {
    id: row.id,
    keyword: row.keyword,
    title: row.title,
    content: row.content,
    sources: row.sources,
    sandbox: row.sandbox,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Saves a script: a new one, or (with `id`) the user's own script updated. */
export async function saveWork(db: Database, userId: number, body: CopywriterWorkSaveBody): Promise<CopywriterWork> {
  const values = {
    keyword: body.keyword,
    title: body.title,
    content: body.content,
    sources: body.sources,
    sandbox: body.sandbox,
  };
  if (body.id !== undefined) {
    return presentWork(
      orNotFound(await repository.works.update(db, userId, body.id, values), copywriterMessages.workMissing),
    );
  }
  return presentWork(await repository.insertWork(db, { ...values, userId }));
}

export async function listWorks(
  db: Database,
  userId: number,
  query: CopywriterWorkListQuery,
): Promise<CopywriterWorkList> {
  const { rows, total } = await repository.works.page(db, userId, pageWindow(query));
  return {
    total,
    list: rows.map((row) => {
      const { content, sources: _sources, ...summary } = presentWork(row);
      return { ...summary, excerpt: excerptOf(content, EXCERPT_LENGTH) };
    }),
  };
}

export async function getWork(db: Database, userId: number, id: number): Promise<CopywriterWork> {
  return presentWork(orNotFound(await repository.works.find(db, userId, id), copywriterMessages.workMissing));
}

export async function deleteWork(db: Database, userId: number, id: number): Promise<void> {
  orNotFound(await repository.works.remove(db, userId, id), copywriterMessages.workMissing);
}
