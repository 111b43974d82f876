import { z } from 'zod';
import { SpeechError, type SpeechProvider } from '../../providers/speech/index';
import { type JobHandlers, PermanentJobError } from '../jobs';
import { EXTRACTION_BATCH_JOB, runBatch } from './extraction.service';

const payloadSchema = z.object({ batchId: z.string().min(1).max(64) });

/**
 * The batch extraction job: works through the batch's pending items. Items left pending by a busy
 * service fail the attempt, so the worker retries them with backoff; a worker that dies mid-batch
 * leaves the rest pending and the job is claimed again once its lock is stale.
 */
export function extractionJobHandlers(deps: { speech: SpeechProvider }): JobHandlers {
  return {
    [EXTRACTION_BATCH_JOB]: async (payload, { db, job, log }) => {
      const parsed = payloadSchema.safeParse(payload);
      if (!parsed.success) throw new PermanentJobError(`bad payload: ${parsed.error.message}`);
      const lastAttempt = job.attempts >= job.maxAttempts;
      let outcomes: Awaited<ReturnType<typeof runBatch>>;
      try {
        outcomes = await runBatch(db, deps.speech, parsed.data.batchId, { lastAttempt });
      } catch (error) {
        if (error instanceof SpeechError && error.reason === 'unauthorized') {
          throw new PermanentJobError(`speech service refused our key: ${error.detail ?? error.message}`);
        }
        throw error;
      }
      log.info({ batchId: parsed.data.batchId, ...outcomes }, 'extraction batch ran');
      if (outcomes.retry > 0) throw new Error(`${outcomes.retry} extractions wait for the speech service`);
    },
  };
}
