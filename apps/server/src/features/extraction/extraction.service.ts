import { randomUUID } from 'node:crypto';
import {
  EXTRACTION_ALIAS,
  type Extraction,
  type ExtractionBatchResult,
  type ExtractionList,
  type ExtractionListQuery,
  type ExtractionSummary,
  extractionLimits,
  extractionMessages,
} from '@dso/contract';
import { excerptOf } from '@dso/domain';
import type { Database } from '../../db/client';
import { AppError, orNotFound } from '../../lib/app-error';
import { pageWindow } from '../../lib/page-window';
import { SpeechError, type SpeechProvider, type Transcript } from '../../providers/speech/index';
import { enqueueJob } from '../jobs';
import {
  assertQuotaLeft,
  consumePermission,
  giveBackReservation,
  holdPermission,
  reservePermissionEach,
  settleReservation,
} from '../permissions';
import type { ExtractableVideo, ExtractionRow } from './extraction.repository';
import * as repository from './extraction.repository';

/** The batch job's kind (extraction.job.ts serves it). */
export const EXTRACTION_BATCH_JOB = 'extraction.batch';

const EXCERPT_CHARS = 80;

/**
 * What a pasted text points at: an aweme id, or the share link to look up. Douyin share texts wrap the
 * link in words (复制打开抖音，看看【…的作品】… https://v.douyin.com/xxxx/ …); a web address carries the
 * id in `/video/<id>`, `/note/<id>` or `modal_id=<id>`.
 */
export function linkTarget(link: string): { awemeId: string } | { urls: string[] } | null {
  const text = link.trim();
  if (/^[0-9A-Za-z_-]{1,128}$/.test(text)) return { awemeId: text };
  const url = /https?:\/\/[^\s，。！？、【】"'<>]+/i.exec(text)?.[0];
  if (!url) return null;
  const id = /\/(?:video|note)\/(\d{6,32})|[?&]modal_id=(\d{6,32})/.exec(url);
  if (id) return { awemeId: (id[1] ?? id[2])! };
  const bare = url.replace(/\/+$/, '');
  return { urls: [bare, `${bare}/`] };
}

/** Why a video cannot be extracted (the Chinese message), or null when it can. */
export function refusalOf(video: Pick<ExtractableVideo, 'status' | 'durationMs'>): string | null {
  if (video.status !== 'normal') return extractionMessages.videoGone;
  if (video.durationMs > extractionLimits.maxDurationMs) return extractionMessages.tooLong;
  if (video.durationMs <= 0) return extractionMessages.imageText;
  return null;
}

/** The Chinese message of a transcription that did not answer. */
/** What an extraction's unit was for, in the usage ledger: the video as the user knows it. */
function reasonOf(video: { awemeId: string; videoDesc: string }): string {
  const title = Array.from(video.videoDesc.trim()).slice(0, 40).join('');
  return title || `视频 ${video.awemeId}`;
}

function messageOf(error: SpeechError): string {
  if (error.reason === 'no_media') return extractionMessages.noSpeech;
  if (error.reason === 'rate_limited') return extractionMessages.busy;
  return extractionMessages.unavailable;
}

function transcribe(speech: SpeechProvider, video: { awemeId: string; playUrl: string | null; durationMs: number }) {
  return speech.transcribe({ kind: 'video', ...video });
}

function summaryOf(row: ExtractionRow): ExtractionSummary {
  return {
    id: row.id,
    aweme_id: row.awemeId,
    video_desc: row.videoDesc,
    share_url: row.shareUrl,
    duration: row.durationMs,
    batch_id: row.batchId,
    status: row.status,
    excerpt: excerptOf(row.text ?? '', EXCERPT_CHARS),
    error: row.error,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

function extractionOf(row: ExtractionRow): Extraction {
  return { ...summaryOf(row), text: row.text, segments: row.segments ?? [] };
}

async function resolveLink(db: Database, link: string): Promise<ExtractableVideo> {
  const target = linkTarget(link);
  if (!target) throw AppError.toast(extractionMessages.videoUnknown);
  const video =
    'awemeId' in target
      ? ((await repository.selectVideosByAwemeIds(db, [target.awemeId]))[0] ?? null)
      : await repository.findVideoByShareUrl(db, target.urls);
  if (!video) throw AppError.toast(extractionMessages.videoUnknown);
  return video;
}

/**
 * Extracts one video's script now: a share link, a video address or an aweme id of a library video.
 * Refused videos (gone, over 20 minutes, image-text) and a used-up count are refused before any work;
 * a unit is held before the speech service is asked, kept once it answered (the answer joins the
 * history) and given back when it fails.
 */
export async function extractOne(
  db: Database,
  speech: SpeechProvider,
  userId: number,
  link: string,
): Promise<Extraction> {
  const video = await resolveLink(db, link);
  const refusal = refusalOf(video);
  if (refusal) throw AppError.toast(refusal);
  const charge = { userId, alias: EXTRACTION_ALIAS, reason: reasonOf(video) };
  await assertQuotaLeft(db, charge);
  const hold = await holdPermission(db, charge);
  let transcript: Transcript;
  try {
    transcript = await transcribe(speech, video);
  } catch (error) {
    await hold.giveBack();
    if (error instanceof SpeechError) throw AppError.toast(messageOf(error));
    throw error;
  }
  const [row] = await repository
    .insertExtractions(db, [
      { userId, video, batchId: null, status: 'done', text: transcript.text, segments: transcript.segments },
    ])
    .catch(async (error: unknown) => {
      await hold.giveBack();
      throw error;
    });
  await hold.settle();
  return extractionOf(row!);
}

/**
 * Queues a batch (002 §4, §7): every selected video gets a history row at once. Videos that cannot be
 * extracted are recorded as failed with their reason and cost nothing; the rest must fit in the
 * remaining AI_WRITING_BATCH_EXTRACTION count (810 otherwise, the client's upgrade or buy-times prompt),
 * each holds a unit from here, and they wait for the batch job, which settles each unit as its item is
 * answered and gives it back when the item fails.
 */
export async function submitBatch(db: Database, userId: number, awemeIds: string[]): Promise<ExtractionBatchResult> {
  const found = await repository.selectVideosByAwemeIds(db, awemeIds);
  const byId = new Map(found.map((video) => [video.awemeId, video]));
  if (awemeIds.some((id) => !byId.has(id))) throw AppError.toast(extractionMessages.videoUnknown);
  const videos = awemeIds.map((id) => byId.get(id)!);
  const extractable = videos.filter((video) => refusalOf(video) === null);
  if (extractable.length > 0) {
    await assertQuotaLeft(db, { userId, alias: EXTRACTION_ALIAS, amount: extractable.length });
  }
  // A unit per extractable video, held until its item is answered or fails.
  const reservations = extractable.length
    ? await reservePermissionEach(db, { userId, alias: EXTRACTION_ALIAS, reasons: extractable.map(reasonOf) })
    : [];
  const held = new Map(extractable.map((video, index) => [video, reservations[index]!.id]));
  const batchId = randomUUID();
  await repository
    .insertExtractions(
      db,
      videos.map((video) => {
        const refusal = refusalOf(video);
        return refusal
          ? { userId, video, batchId, status: 'failed' as const, error: refusal }
          : { userId, video, batchId, status: 'pending' as const, reservationId: held.get(video) ?? null };
      }),
    )
    .catch(async (error: unknown) => {
      for (const reservation of reservations) await giveBackReservation(db, reservation.id);
      throw error;
    });
  if (extractable.length > 0) {
    await enqueueJob(db, { kind: EXTRACTION_BATCH_JOB, payload: { batchId }, maxAttempts: 5 });
  }
  return { batch_id: batchId, count: videos.length };
}

/** How one batch item ended, for the job's log. */
export type BatchItemOutcome = 'done' | 'failed' | 'retry';

/**
 * Runs a batch's pending items, `speech.concurrency` at a time. An answered item is marked done and
 * its held unit settled; a failed one gives its unit back (items queued before reservations are
 * charged when answered, and a charge refused turns them to failed). A video without speech
 * fails at once; a busy or unreachable service leaves the item pending for the job's next attempt
 * unless this is the last one (`lastAttempt`), when it fails with the service's message.
 */
export async function runBatch(
  db: Database,
  speech: SpeechProvider,
  batchId: string,
  options: { lastAttempt: boolean },
): Promise<Record<BatchItemOutcome, number>> {
  const pending = await repository.selectPendingOfBatch(db, batchId);
  const outcomes: Record<BatchItemOutcome, number> = { done: 0, failed: 0, retry: 0 };
  let unauthorized: SpeechError | null = null;
  let next = 0;

  const runItem = async (item: (typeof pending)[number]): Promise<BatchItemOutcome> => {
    if (unauthorized) return 'retry';
    let transcript: Transcript;
    try {
      transcript = await transcribe(speech, item);
    } catch (error) {
      if (!(error instanceof SpeechError)) throw error;
      if (error.reason === 'unauthorized') unauthorized = error;
      if (error.reason === 'no_media' || error.reason === 'unauthorized' || options.lastAttempt) {
        const failed = await repository.finishExtraction(db, item.id, { status: 'failed', error: messageOf(error) });
        if (failed && item.reservationId !== null) await giveBackReservation(db, item.reservationId);
        return 'failed';
      }
      return 'retry';
    }
    const finished = await repository.finishExtraction(db, item.id, { status: 'done', ...transcript });
    if (!finished) return 'done';
    if (item.reservationId !== null) {
      await settleReservation(db, item.reservationId);
      return 'done';
    }
    // An item queued before reservations is charged once answered.
    try {
      await consumePermission(db, { userId: item.userId, alias: EXTRACTION_ALIAS, reason: reasonOf(item) });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await repository.failAnswered(db, item.id, extractionMessages.quotaSpent);
      return 'failed';
    }
    return 'done';
  };

  const lane = async () => {
    while (next < pending.length) {
      const item = pending[next++]!;
      outcomes[await runItem(item)]++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(speech.concurrency, pending.length) }, lane));
  if (unauthorized) {
    // The key is refused for every item: end the batch rather than retry it.
    for (const item of await repository.selectPendingOfBatch(db, batchId)) {
      await repository.finishExtraction(db, item.id, { status: 'failed', error: extractionMessages.unavailable });
      outcomes.failed++;
      outcomes.retry--;
    }
    throw unauthorized;
  }
  return outcomes;
}

/** The user's extractions, newest first. */
export async function listExtractions(
  db: Database,
  userId: number,
  query: ExtractionListQuery,
): Promise<ExtractionList> {
  const { total, rows } = await repository.selectUserExtractions(db, userId, {
    ...pageWindow(query),
    ...(query.batch_id ? { batchId: query.batch_id } : {}),
  });
  return { total_record: total, result: rows.map(summaryOf) };
}

export async function getExtraction(db: Database, userId: number, id: number): Promise<Extraction> {
  return extractionOf(
    orNotFound(await repository.findUserExtraction(db, userId, id), extractionMessages.extractionMissing),
  );
}

export async function removeExtraction(db: Database, userId: number, id: number): Promise<null> {
  orNotFound(await repository.deleteUserExtraction(db, userId, id), extractionMessages.extractionMissing);
  return null;
}
