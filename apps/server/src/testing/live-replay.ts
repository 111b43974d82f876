import type { Database } from '../db/client';
import { runReplay } from '../features/live-replay/live-replay.analysis';
import { startFromSession } from '../features/live-replay/live-replay.service';
import { createSandboxLlm } from '../providers/llm/sandbox';
import { probeMedia } from '../providers/speech/audio';
import { createSandboxSpeech } from '../providers/speech/sandbox';

const silent = { info() {}, warn() {}, error() {} };

/**
 * A finished replay of an ended live session for a user, made the way the product makes one (the
 * session is started, then worked out at once with the sandbox speech and model, and charged); returns
 * its id. Its queued job finds it done and leaves it.
 */
export async function createLiveReplay(db: Database, input: { userId: number; roomId: string }): Promise<number> {
  const started = await startFromSession(db, input.userId, input.roomId);
  await runReplay(
    db,
    { speech: createSandboxSpeech({ db }), llm: createSandboxLlm({ pieceDelayMs: 0 }), probe: probeMedia, log: silent },
    started.id,
    { lastAttempt: true },
  );
  return started.id;
}
