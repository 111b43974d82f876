import { IMAGE_TEXT_ALIAS, imageTextMessages } from '@dso/contract';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { ImageError, type ImageProvider, promptOf } from '../../providers/image/index';
import { LlmError, type LlmProvider } from '../../providers/llm/index';
import { type JobHandlers, PermanentJobError } from '../jobs';
import { consumePermission, settleReservation } from '../permissions';
import * as repository from './image-text.repository';
import { cardPages, parseNote } from './image-text.rules';
import { getSettings, IMAGE_TEXT_WORK_JOB, noteRequest, returnWorkUnit, styleOf } from './image-text.service';
import { extensionOf, imageTextStorage, removePath, writeFileIn } from './image-text.storage';

const payloadSchema = z.object({ workId: z.number().int().min(1) });

export interface ImageTextJobDeps {
  llm: LlmProvider;
  image: ImageProvider;
  dataDir: string;
}

/** The Chinese reason of a picture that could not be made. */
function imageFailure(error: ImageError): string {
  if (error.reason === 'refused') return imageTextMessages.imagesRefused;
  if (error.reason === 'rate_limited') return imageTextMessages.imagesBusy;
  return imageTextMessages.imagesUnavailable;
}

/** Whether another attempt may succeed (busy or unreachable services); keys and content refusals never do. */
const isPassing = (error: unknown) =>
  (error instanceof ImageError && (error.reason === 'rate_limited' || error.reason === 'unavailable')) ||
  (error instanceof LlmError && (error.reason === 'rate_limited' || error.reason === 'unavailable'));

/**
 * Makes one work: writes its text when a batch item still waits for it, draws its cards one by one
 * (each picture saved as it comes, so the page shows progress and a retried job resumes), then settles
 * the AI_PUB_BATCH_COUNT unit the work holds. Busy services fail the attempt for a retry; the last
 * attempt, a refused key or refused content fail the work with its reason, and the unit goes back.
 */
export async function runImageTextWork(
  db: Database,
  deps: ImageTextJobDeps,
  workId: number,
  options: { lastAttempt: boolean },
): Promise<'done' | 'failed' | 'gone'> {
  let work = await repository.findWorkById(db, workId);
  if (!work || work.status === 'done' || work.status === 'failed') return 'gone';
  const storage = imageTextStorage(deps.dataDir);
  const fail = async (reason: string) => {
    const failed = await repository.updateWork(db, workId, { status: 'failed', error: reason, images: [] });
    if (failed) await returnWorkUnit(db, failed);
    await repository.updateWork(db, workId, { charged: false });
    await removePath(storage.workFolder(workId));
    return 'failed' as const;
  };
  try {
    if (work.status === 'writing') {
      const { request } = await noteRequest(db, work.keyword);
      let text = '';
      for await (const piece of deps.llm.streamChat(request)) text += piece;
      if (!text.trim()) throw new LlmError('unavailable', 'the model answered nothing');
      const note = parseNote(text, work.keyword);
      work = (await repository.updateWork(db, workId, { ...note, sandbox: deps.llm.isSandbox, status: 'drawing' }))!;
    }
    const settings = await getSettings(db, work.userId);
    const style = styleOf(settings);
    const pages = cardPages(work, settings.card_count);
    const total = pages.length + 1;
    if (work.imagesTotal !== total) work = (await repository.updateWork(db, workId, { imagesTotal: total }))!;
    for (let index = work.images.length; index < total; index++) {
      const card = {
        title: work.title,
        keyword: work.keyword || work.title,
        points: pages[index - 1] ?? [],
        index,
        total,
        firstNumber: pages.slice(0, Math.max(0, index - 1)).reduce((sum, page) => sum + page.length, 1),
      };
      const picture = await deps.image.generate({ prompt: promptOf(card, style), card, style });
      const name = `${index + 1}.${extensionOf(picture.mime)}`;
      await writeFileIn(storage.workFolder(workId), name, picture.data);
      await repository.appendImage(db, workId, { name, mime: picture.mime });
    }
    if (deps.image.isSandbox && !work.sandbox) await repository.updateWork(db, workId, { sandbox: true });
  } catch (error) {
    if (isPassing(error) && !options.lastAttempt) throw error;
    if (error instanceof ImageError) return fail(imageFailure(error));
    if (error instanceof LlmError) return fail(imageTextMessages.textUnavailable);
    throw error;
  }
  const finished = await repository.updateWork(db, workId, { status: 'done', charged: true, error: null }, 'drawing');
  if (!finished) return 'gone';
  if (finished.reservationId !== null) {
    await settleReservation(db, finished.reservationId);
    return 'done';
  }
  // A work queued before reservations: done first, then charged, so a worker that dies between the
  // two leaves a done work uncharged rather than a retry charging it twice.
  try {
    await consumePermission(db, { userId: work.userId, alias: IMAGE_TEXT_ALIAS, reason: work.keyword || work.title });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    await repository.updateWork(db, workId, { charged: false });
    return fail(imageTextMessages.quotaSpent);
  }
  return 'done';
}

/** The AI 图文 job: one work per job, retried with backoff while its services are busy. */
export function imageTextJobHandlers(deps: ImageTextJobDeps): JobHandlers {
  return {
    [IMAGE_TEXT_WORK_JOB]: async (payload, { db, job, log }) => {
      const parsed = payloadSchema.safeParse(payload);
      if (!parsed.success) throw new PermanentJobError(`bad payload: ${parsed.error.message}`);
      const outcome = await runImageTextWork(db, deps, parsed.data.workId, {
        lastAttempt: job.attempts >= job.maxAttempts,
      });
      log.info({ workId: parsed.data.workId, outcome }, 'image-text work ran');
    },
  };
}
