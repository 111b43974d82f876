import { z } from 'zod';
import type { LlmProvider } from '../../providers/llm/index';
import { probeMedia } from '../../providers/speech/audio';
import type { SpeechProvider } from '../../providers/speech/index';
import { type JobHandlers, PermanentJobError } from '../jobs';
import { type ReplayDeps, runReplay } from './live-replay.analysis';
import { LIVE_REPLAY_JOB } from './live-replay.service';

const payloadSchema = z.object({ replayId: z.number().int().positive() });

/**
 * The live replay job: works one replay out. A failure worth retrying (a busy service, an unreadable
 * answer) fails the attempt, so the worker retries with backoff; a worker that dies mid-replay leaves
 * it running and the job is claimed again once its lock is stale, resuming after the kept transcript.
 */
export function liveReplayJobHandlers(deps: {
  speech: SpeechProvider;
  llm: LlmProvider;
  probe?: ReplayDeps['probe'];
}): JobHandlers {
  return {
    [LIVE_REPLAY_JOB]: async (payload, { db, job, log }) => {
      const parsed = payloadSchema.safeParse(payload);
      if (!parsed.success) throw new PermanentJobError(`bad payload: ${parsed.error.message}`);
      const outcome = await runReplay(
        db,
        { speech: deps.speech, llm: deps.llm, probe: deps.probe ?? ((path) => probeMedia(path)), log },
        parsed.data.replayId,
        { lastAttempt: job.attempts >= job.maxAttempts },
      );
      log.info({ replayId: parsed.data.replayId, outcome }, 'live replay ran');
    },
  };
}
