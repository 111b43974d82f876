import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  defaultImageTextSettings,
  IMAGE_TEXT_ALIAS,
  type ImageTextBatchResult,
  type ImageTextList,
  type ImageTextListQuery,
  type ImageTextSettings,
  type ImageTextSourceVideo,
  type ImageTextSummary,
  type ImageTextUpdateBody,
  type ImageTextWork,
  imageTextLimits,
  imageTextMessages,
} from '@dso/contract';
import type { Database } from '../../db/client';
import { AppError, orNotFound } from '../../lib/app-error';
import { pageWindow } from '../../lib/page-window';
import type { CardStyle } from '../../providers/image/index';
import type { LlmChatRequest, LlmMessage } from '../../providers/llm/index';
import { enqueueJob } from '../jobs';
import { relatedWordsOf } from '../keywords';
import {
  assertQuotaLeft,
  giveBackReservation,
  releasePermission,
  reservePermission,
  reservePermissionEach,
} from '../permissions';
import { keywordTopVideos } from '../videos';
import * as repository from './image-text.repository';
import { parseNote } from './image-text.rules';
import { imageTextStorage, mimeOfName, removePath } from './image-text.storage';
import { zipOfFiles } from './work-zip';

/** The job that writes a batch item's text and draws every work's pictures (image-text.job.ts). */
export const IMAGE_TEXT_WORK_JOB = 'image-text.work';
const RELATED_WORDS = 6;
const SOURCE_COMMENTS = 3;

/** Material of a keyword: its related words in the keyword library and its top videos. */
async function materialOf(db: Database, keyword: string) {
  const [related, videos] = await Promise.all([
    relatedWordsOf(db, [keyword], RELATED_WORDS),
    keywordTopVideos(db, keyword, { videos: imageTextLimits.sourceVideos, comments: SOURCE_COMMENTS }),
  ]);
  return { related, videos };
}

/**
 * The model call that writes a note for a keyword: a title line, a body and numbered points, drawing
 * on the keyword's top videos and related words. The sandbox writes it from the same data.
 */
export async function noteRequest(
  db: Database,
  keyword: string,
  signal?: AbortSignal,
): Promise<{ request: LlmChatRequest; sources: ImageTextSourceVideo[] }> {
  const { related, videos } = await materialOf(db, keyword);
  const material = videos.map(
    (video, index) =>
      `视频${index + 1}：${video.title}${video.comments.length ? `（热门评论：${video.comments.join('；')}）` : ''}`,
  );
  const messages: LlmMessage[] = [
    {
      role: 'system',
      content:
        '你是一名资深的小红书与抖音图文笔记作者。输出一篇图文笔记：第一行以“# ”开头写标题（不超过20字），空一行写两三句开头，然后用“1. ”“2. ”编号列出4到6个要点（每条不超过40字，会被做成图片卡片），最后一句互动引导和3到5个话题标签。不要解释写作思路。',
    },
    {
      role: 'user',
      content: [
        `关键词：${keyword}`,
        related.length ? `相关搜索词（来自关键词库）：${related.join('、')}` : '',
        material.length ? `该关键词下排名靠前的视频：\n${material.join('\n')}` : '',
      ]
        .filter(Boolean)
        .join('\n'),
    },
  ];
  return {
    request: {
      messages,
      context: {
        topic: `${keyword}图文笔记`,
        keywords: [keyword],
        relatedWords: related,
        kind: 'note',
        videos: videos.map((video) => ({ title: video.title, comments: video.comments })),
      },
      ...(signal ? { signal } : {}),
    },
    sources: videos.map((video) => ({ aweme_id: video.awemeId, title: video.title })),
  };
}

/** Turns a complete text into the work's note and queues its pictures. */
export async function finishText(db: Database, workId: number, text: string, keyword: string, sandbox: boolean) {
  const note = parseNote(text, keyword);
  await repository.updateWork(db, workId, { ...note, sandbox, status: 'drawing', error: null });
  await enqueueJob(db, { kind: IMAGE_TEXT_WORK_JOB, payload: { workId }, maxAttempts: 4 });
}

/**
 * A single generation's work row, made before the model answers so the stream can name it. It holds
 * its AI_PUB_BATCH_COUNT unit from here (810 when none is left, before any model is asked).
 */
export async function createSingleWork(db: Database, userId: number, keyword: string): Promise<number> {
  const charge = { userId, alias: IMAGE_TEXT_ALIAS, reason: keyword };
  await assertQuotaLeft(db, charge);
  const reservation = await reservePermission(db, charge);
  try {
    const [row] = await repository.insertWorks(db, [
      {
        userId,
        source: 'single',
        keyword,
        title: keyword,
        status: 'writing',
        charged: true,
        reservationId: reservation.id,
      },
    ]);
    return row!.id;
  } catch (error) {
    await giveBackReservation(db, reservation.id);
    throw error;
  }
}

/**
 * Gives back the unit a work holds: its reservation while the work is in progress, or (a done work,
 * whose reservation was settled) a unit of the running total. Works made before reservations took
 * their unit only when done.
 */
export async function returnWorkUnit(db: Database, row: repository.WorkRow): Promise<void> {
  if (!row.charged) return;
  if (row.reservationId !== null && (await giveBackReservation(db, row.reservationId))) return;
  await releasePermission(db, { userId: row.userId, alias: IMAGE_TEXT_ALIAS, reason: row.keyword || row.title });
}

/** A single generation whose text failed or was stopped: no work is left, and its unit goes back. */
export async function dropWork(db: Database, workId: number): Promise<void> {
  const row = await repository.findWorkById(db, workId);
  if (!row) return;
  await repository.deleteWorkById(db, workId);
  await returnWorkUnit(db, row);
}

/**
 * Queues a batch: one work per keyword, each written and drawn by its own job. The keywords must fit
 * in the remaining AI_PUB_BATCH_COUNT (810 otherwise, before any model is asked): a unit is reserved
 * per work, settled when it is done and given back when it fails.
 */
export async function submitBatch(db: Database, userId: number, keywords: string[]): Promise<ImageTextBatchResult> {
  await assertQuotaLeft(db, { userId, alias: IMAGE_TEXT_ALIAS, amount: keywords.length });
  const reservations = await reservePermissionEach(db, { userId, alias: IMAGE_TEXT_ALIAS, reasons: keywords });
  const batchId = randomUUID();
  const rows = await repository
    .insertWorks(
      db,
      keywords.map((keyword, index) => ({
        userId,
        source: 'batch' as const,
        batchId,
        keyword,
        title: keyword,
        status: 'writing' as const,
        charged: true,
        reservationId: reservations[index]!.id,
      })),
    )
    .catch(async (error: unknown) => {
      for (const reservation of reservations) await giveBackReservation(db, reservation.id);
      throw error;
    });
  for (const row of rows) {
    await enqueueJob(db, { kind: IMAGE_TEXT_WORK_JOB, payload: { workId: row.id }, maxAttempts: 4 });
  }
  return { batch_id: batchId, count: rows.length };
}

function presentSummary(row: repository.WorkRow): ImageTextSummary {
  return {
    id: row.id,
    source: row.source,
    batch_id: row.batchId,
    keyword: row.keyword,
    title: row.title,
    cover: row.images[0]?.name ?? null,
    image_count: row.images.length,
    images_total: row.imagesTotal,
    status: row.status,
    error: row.error,
    sandbox: row.sandbox,
    created_at: row.createdAt.toISOString(),
  };
}

function presentWork(row: repository.WorkRow): ImageTextWork {
  return {
    ...presentSummary(row),
    body: row.body,
    points: row.points,
    images: row.images.map((image) => image.name),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listWorks(db: Database, userId: number, query: ImageTextListQuery): Promise<ImageTextList> {
  const { rows, total } = await repository.selectWorks(
    db,
    userId,
    { ...(query.source ? { source: query.source } : {}), ...(query.batch_id ? { batchId: query.batch_id } : {}) },
    pageWindow(query),
  );
  return { total_record: total, result: rows.map(presentSummary) };
}

async function ownWork(db: Database, userId: number, id: number) {
  const row = orNotFound(await repository.findWork(db, userId, id), imageTextMessages.workMissing);
  return row;
}

export async function getWork(db: Database, userId: number, id: number): Promise<ImageTextWork> {
  return presentWork(await ownWork(db, userId, id));
}

/**
 * Edits a done work: its title and body, and which of its pictures it keeps in which order. Pictures
 * left out are deleted from disk.
 */
export async function updateWork(
  db: Database,
  dataDir: string,
  userId: number,
  body: ImageTextUpdateBody,
): Promise<ImageTextWork> {
  const row = await ownWork(db, userId, body.id);
  if (row.status !== 'done') throw AppError.badRequest(imageTextMessages.workBusy);
  const byName = new Map(row.images.map((image) => [image.name, image]));
  const kept = [...new Set(body.images)].map((name) => byName.get(name));
  if (kept.some((image) => !image)) throw AppError.badRequest(imageTextMessages.imageUnknown);
  const updated = await repository.updateWork(
    db,
    row.id,
    { title: body.title, body: body.body, images: kept.map((image) => image!) },
    'done',
  );
  if (!updated) throw AppError.badRequest(imageTextMessages.workBusy);
  const storage = imageTextStorage(dataDir);
  for (const image of row.images) {
    if (!body.images.includes(image.name)) await removePath(storage.workFile(row.id, image.name));
  }
  return presentWork(updated);
}

/** Deletes a work and its pictures; the work's AI_PUB_BATCH_COUNT unit goes back. */
export async function deleteWork(db: Database, dataDir: string, userId: number, id: number): Promise<void> {
  const row = orNotFound(await repository.deleteWork(db, userId, id), imageTextMessages.workMissing);
  await returnWorkUnit(db, row);
  await removePath(imageTextStorage(dataDir).workFolder(row.id));
}

/** One picture of the user's own work: its bytes and type. */
export async function readImage(
  db: Database,
  dataDir: string,
  userId: number,
  id: number,
  name: string,
): Promise<{ data: Buffer; mime: string }> {
  const row = await ownWork(db, userId, id);
  if (!row.images.some((image) => image.name === name)) throw AppError.notFound(imageTextMessages.imageUnknown);
  try {
    return { data: await readFile(imageTextStorage(dataDir).workFile(row.id, name)), mime: mimeOfName(name) };
  } catch {
    throw AppError.notFound(imageTextMessages.imageUnknown);
  }
}

/** A file name without the characters file systems refuse. */
const safeFileName = (text: string) => text.replace(/[\\/:*?"<>|\r\n\t]/g, ' ').trim() || '图文作品';

/**
 * A done work as one zip (下载作品): its pictures in display order (01.png, 02.png …) and 正文.txt with the
 * title and body, under a folder named after the title — the layout the works upload reads back.
 */
export async function zipWork(
  db: Database,
  dataDir: string,
  userId: number,
  id: number,
): Promise<{ data: Buffer; fileName: string }> {
  const row = await ownWork(db, userId, id);
  if (row.status !== 'done') throw AppError.badRequest(imageTextMessages.workBusy);
  const storage = imageTextStorage(dataDir);
  const folder = safeFileName(row.title).slice(0, 40);
  const files: Array<{ name: string; data: Buffer }> = [];
  for (const [index, image] of row.images.entries()) {
    const data = await readFile(storage.workFile(row.id, image.name)).catch(() => null);
    if (data)
      files.push({ name: `${folder}/${String(index + 1).padStart(2, '0')}.${image.name.split('.').pop()}`, data });
  }
  files.push({ name: `${folder}/正文.txt`, data: Buffer.from(`${row.title}\n${row.body}\n`, 'utf8') });
  return { data: zipOfFiles(files), fileName: `${folder}.zip` };
}

export async function getSettings(db: Database, userId: number): Promise<ImageTextSettings> {
  const row = await repository.findSettings(db, userId);
  if (!row) return defaultImageTextSettings;
  return {
    template: row.template,
    primary_color: row.primaryColor,
    background_color: row.backgroundColor,
    text_color: row.textColor,
    font_size: row.fontSize,
    card_count: row.cardCount,
  };
}

export async function saveSettings(
  db: Database,
  userId: number,
  settings: ImageTextSettings,
): Promise<ImageTextSettings> {
  await repository.upsertSettings(db, {
    userId,
    template: settings.template,
    primaryColor: settings.primary_color,
    backgroundColor: settings.background_color,
    textColor: settings.text_color,
    fontSize: settings.font_size,
    cardCount: settings.card_count,
  });
  return settings;
}

/** The card style of saved settings. */
export function styleOf(settings: ImageTextSettings): CardStyle {
  return {
    template: settings.template,
    primaryColor: settings.primary_color,
    backgroundColor: settings.background_color,
    textColor: settings.text_color,
    fontSize: settings.font_size,
  };
}

/** What another feature (一键发布) needs to publish a work: its text and its pictures on disk. */
export interface PublishableImageTextWork {
  id: number;
  title: string;
  body: string;
  /** Absolute paths of the pictures, in display order. */
  imagePaths: string[];
}

/**
 * A user's complete work for publishing, or null when it is not theirs, is gone or is not complete.
 * The public face of this feature for one-key publishing (/oneSend).
 */
export async function getImageTextWork(
  db: Database,
  userId: number,
  id: number,
  dataDir: string,
): Promise<PublishableImageTextWork | null> {
  const row = await repository.findWork(db, userId, id);
  if (row?.status !== 'done') return null;
  const storage = imageTextStorage(dataDir);
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    imagePaths: row.images.map((image) => storage.workFile(row.id, image.name)),
  };
}
