import { rm } from 'node:fs/promises';
import { LIVE_REPLAY_ALIAS, liveReplayMessages } from '@dso/contract';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { TranscriptSegment } from '../../db/schema/extraction';
import type { LiveReplayReportRecord } from '../../db/schema/live-replay';
import { AppError } from '../../lib/app-error';
import { askJson, UnreadableAnswerError } from '../../lib/llm-json';
import { modelFailureMessage } from '../../lib/llm-stream';
import { LlmError, type LlmMessage, type LlmProvider } from '../../providers/llm/index';
import type { LlmLiveReplayTask } from '../../providers/llm/tasks';
import { SpeechError, type SpeechProvider } from '../../providers/speech/index';
import type { JobLogger } from '../jobs';
import { consumePermission } from '../permissions';
import type { LiveReplayRow } from './live-replay.repository';
import * as repository from './live-replay.repository';
import { blockCount, blocksOf, lowOf, meanOnline, mentionsOf, peaksOf } from './live-replay.rules';

/*
 * The replay job's work (live-replay.job.ts runs it): transcribe the source, measure what the rules
 * measure, have the model judge it, store the report and charge the unit.
 */

/** A recording is transcribed in parts of this length (each well under the vendors' 25 MB). */
export const RECORDING_PART_MS = 10 * 60_000;
/** Characters of each stretch's transcript handed to the model. */
const BLOCK_TEXT_MAX = 400;

/** A failure that ends the replay now with its Chinese reason (retrying would not help). */
export class ReplayFailure extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'ReplayFailure';
  }
}

/** The Chinese reason of a speech failure, and whether it is worth another attempt. */
function speechFailure(error: SpeechError): { reason: string; retry: boolean } {
  if (error.reason === 'no_media') return { reason: liveReplayMessages.noSpeech, retry: false };
  return { reason: liveReplayMessages.speechUnavailable, retry: error.reason !== 'unauthorized' };
}

export interface ReplayDeps {
  speech: SpeechProvider;
  llm: LlmProvider;
  /** How long a recording is, for cutting it in parts (ffprobe in production). */
  probe: (path: string) => Promise<{ durationMs: number }>;
  log: JobLogger;
}

/** The transcript of a replay's source: a session at once, a recording part by part with progress. */
async function transcribe(db: Database, deps: ReplayDeps, row: LiveReplayRow): Promise<TranscriptSegment[]> {
  if (row.source === 'session') {
    const transcript = await deps.speech.transcribe({
      kind: 'live',
      roomId: row.roomId ?? '',
      title: row.title,
      recordingUrl: null,
      goods: row.goods.map((good) => ({ title: good.title, price_fen: good.price_fen ?? 0, sales: good.sales ?? 0 })),
      minutes: row.curve,
    });
    return transcript.segments;
  }
  if (!row.filePath) throw new ReplayFailure(liveReplayMessages.fileNotMedia);
  const { durationMs } = await deps.probe(row.filePath);
  const parts = Math.max(1, Math.ceil(durationMs / RECORDING_PART_MS));
  const segments: TranscriptSegment[] = [];
  for (let part = 0; part < parts; part++) {
    const offsetMs = part * RECORDING_PART_MS;
    const transcript = await deps.speech.transcribe({
      kind: 'file',
      path: row.filePath,
      offsetMs,
      durationMs: RECORDING_PART_MS,
    });
    const shift = offsetMs / 1000;
    segments.push(
      ...transcript.segments.map((segment) => ({
        start: segment.start + shift,
        end: segment.end + shift,
        text: segment.text,
      })),
    );
    await repository.markProgress(db, row.id, {
      stage: 'transcribing',
      progress: 5 + Math.round(((part + 1) / parts) * 55),
    });
  }
  return segments;
}

const answerSchema = z.object({
  overview: z.string().default(''),
  segments: z
    .array(z.object({ index: z.coerce.number().int(), title: z.string().default(''), summary: z.string().default('') }))
    .default([]),
  keep: z.array(z.string()).default([]),
  change: z.array(z.string()).default([]),
});

const minuteOf = (seconds: number) => `${Math.floor(seconds / 60)}分`;

function reportMessages(task: LlmLiveReplayTask): LlmMessage[] {
  const lines = [
    `直播标题：${task.title}；时长：${Math.round(task.durationSeconds / 60)}分钟`,
    `商品（提及次数，销量排名）：${
      task.goods
        .map((good) => `${good.title}（${good.mentions}次${good.salesRank ? `，第${good.salesRank}` : ''}）`)
        .join('；') || '无'
    }`,
    `在线人数上涨：${task.peaks.map((peak) => `第${peak.minute}分钟${peak.online}人（+${peak.rise}），当时说「${peak.said}」`).join('；') || '无'}`,
    `在线低谷：${task.low ? `第${task.low.minute}分钟${task.low.online}人` : '无'}`,
    '分段转写：',
    ...task.blocks.map(
      (block) =>
        `[${block.index}] ${minuteOf(block.start)}-${minuteOf(block.end)}${block.online !== null ? ` 平均在线${block.online}` : ''}：${block.text}`,
    ),
    '按分段编号给每段起标题（不超过12字）并用一句话总结；总结全场；列出值得保留的做法和需要改进的地方（各2-5条，结合具体时间和商品）。',
    '只输出JSON：{"overview":"","segments":[{"index":0,"title":"","summary":""}],"keep":[""],"change":[""]}',
  ];
  return [
    { role: 'system', content: '你是资深的抖音直播运营，擅长根据直播转写和在线数据做复盘。只输出JSON，不要解释。' },
    { role: 'user', content: lines.join('\n') },
  ];
}

const cleanList = (items: string[]) =>
  items
    .map((item) => item.trim())
    .filter(Boolean)
    .slice(0, 6);

/** Measures the facts, asks the model to judge them, and assembles the report. */
async function writeReport(
  deps: ReplayDeps,
  row: LiveReplayRow,
  segments: TranscriptSegment[],
  durationSeconds: number,
): Promise<LiveReplayReportRecord> {
  const curve = row.curve;
  const mentions = mentionsOf(row.goods, segments);
  const peaks = peaksOf(curve, segments);
  const ranked = [...row.goods].filter((good) => good.sales !== null).sort((a, b) => (b.sales ?? 0) - (a.sales ?? 0));
  const blocks = blocksOf(segments, blockCount(durationSeconds, segments.length)).map((block) => ({
    ...block,
    // Most talked about first: the stretch is named after it.
    goods: mentionsOf(
      row.goods,
      segments.filter((segment) => segment.start >= block.start && segment.start < block.end),
    )
      .filter((mention) => mention.count > 0)
      .sort((a, b) => b.count - a.count)
      .map((mention) => mention.title),
    online: meanOnline(curve, block.start, block.end),
  }));
  const task: LlmLiveReplayTask = {
    title: row.title || '直播录像',
    durationSeconds,
    blocks: blocks.map((block) => ({ ...block, text: Array.from(block.text).slice(0, BLOCK_TEXT_MAX).join('') })),
    goods: row.goods.map((good, index) => ({
      title: good.title,
      mentions: mentions[index]!.count,
      salesRank: good.sales === null ? null : ranked.indexOf(good) + 1,
    })),
    peaks,
    low: lowOf(curve),
  };
  const answer = await askJson(
    deps.llm,
    {
      messages: reportMessages(task),
      context: {
        topic: `${task.title}复盘`,
        keywords: [],
        relatedWords: row.goods.map((good) => good.title),
        kind: 'live-replay',
        liveReplay: task,
      },
      temperature: 0.3,
      maxTokens: 3_000,
    },
    answerSchema,
  );
  const named = new Map(answer.segments.map((segment) => [segment.index, segment]));
  return {
    overview: answer.overview.trim(),
    segments: blocks.map((block) => ({
      start: block.start,
      end: block.end,
      title: named.get(block.index)?.title.trim() || `第${block.index + 1}段`,
      summary: named.get(block.index)?.summary.trim() || Array.from(block.text).slice(0, 40).join(''),
    })),
    mentions,
    peaks,
    keep: cleanList(answer.keep),
    change: cleanList(answer.change),
  };
}

/**
 * Works a replay out (the job): transcribe (kept, so a retry does not transcribe again), measure, ask
 * the model, then store the report and take the unit in one transaction, so a report is charged once
 * and a failed replay never. A replay deleted meanwhile, or finished already, is left alone.
 *
 * Failures: speech with no media, or a refused key, ends the replay at once; a busy or unreachable
 * service or model, or an unreadable answer, throws for the job's retry and ends it on `lastAttempt`.
 */
export async function runReplay(
  db: Database,
  deps: ReplayDeps,
  id: number,
  options: { lastAttempt: boolean },
): Promise<'done' | 'failed' | 'gone'> {
  const row = await repository.findReplay(db, id);
  if (!row || row.status === 'done' || row.status === 'failed') return 'gone';
  const fail = async (reason: string) => {
    await repository.failReplay(db, id, reason);
    if (row.filePath) await rm(row.filePath, { force: true });
    return 'failed' as const;
  };
  try {
    let segments = row.transcript;
    if (!segments) {
      await repository.markProgress(db, id, { stage: 'transcribing', progress: 5 });
      segments = await transcribe(db, deps, row);
      if (segments.length === 0) return await fail(liveReplayMessages.noSpeech);
      const durationSeconds = Math.round(segments.at(-1)!.end);
      await repository.saveTranscript(db, id, { segments, durationSeconds });
      row.durationSeconds = durationSeconds;
    }
    await repository.markProgress(db, id, { stage: 'analysing', progress: 70 });
    const report = await writeReport(deps, row, segments, row.durationSeconds);
    const charge = { userId: row.userId, alias: LIVE_REPLAY_ALIAS };
    try {
      await db.transaction(async (tx) => {
        if (await repository.finishReplay(tx, id, { report, sandbox: deps.llm.isSandbox, charged: true })) {
          await consumePermission(tx, charge);
        }
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // The count ran out meanwhile (a replay started elsewhere): the work is done, so the report is kept.
      deps.log.warn({ replayId: id, userId: row.userId }, 'live replay finished without a unit left to charge');
      await repository.finishReplay(db, id, { report, sandbox: deps.llm.isSandbox, charged: false });
    }
    if (row.filePath) await rm(row.filePath, { force: true });
    return 'done';
  } catch (error) {
    if (error instanceof ReplayFailure) return fail(error.reason);
    if (error instanceof SpeechError) {
      const failure = speechFailure(error);
      if (!failure.retry || options.lastAttempt) return fail(failure.reason);
    } else if (error instanceof LlmError) {
      if (error.reason === 'unauthorized' || options.lastAttempt) return fail(modelFailureMessage(error));
    } else if (error instanceof UnreadableAnswerError) {
      if (options.lastAttempt) return fail(liveReplayMessages.unreadable);
    } else if (options.lastAttempt) {
      // Not left running for ever: the job fails with the error for the log, the replay with a message.
      await fail(liveReplayMessages.failed);
    }
    throw error;
  }
}
