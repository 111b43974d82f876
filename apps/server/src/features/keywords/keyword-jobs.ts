import { platformSchema } from '@dso/contract';
import { z } from 'zod';
import { type JobHandlers, PermanentJobError } from '../jobs';
import { deriveScope, deriveSteps } from './derive/keyword-derive';
import { deriveChanges } from './derive/keyword-derive-changes';
import { KEYWORDS_NIGHTLY_DERIVE_JOB, queueNightlyDerives, scheduleNightlyDerive } from './derive/nightly-derive';
import { KEYWORDS_DERIVE_JOB, KEYWORDS_IMPORT_JOB, runImport } from './import/keyword-import.service';

const derivePayloadSchema = z.object({
  platform: platformSchema,
  country: z.string().max(2).default(''),
  /** Only these parts of the derive (all when absent). */
  steps: z.array(z.enum(deriveSteps)).optional(),
  /** Only the rows written since the last derive (`deriveChanges`); steps are then not read. */
  changes: z.boolean().optional(),
});
const importPayloadSchema = z.object({ importId: z.number().int().positive() });

function parsePayload<T>(schema: z.ZodType<T>, payload: unknown): T {
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new PermanentJobError(`bad payload: ${parsed.error.message}`);
  return parsed.data;
}

/** The keyword library's background jobs: derive a library, the nightly derive of them all, run an uploaded import. */
export const keywordJobHandlers: JobHandlers = {
  [KEYWORDS_DERIVE_JOB]: async (payload, context) => {
    const { db } = context;
    const { steps, changes, ...scope } = parsePayload(derivePayloadSchema, payload);
    const log = (message: string, data?: Record<string, unknown>) => context.log.info(data ?? {}, message);
    if (changes) {
      await deriveChanges(db, scope, { log });
      return;
    }
    await deriveScope(db, scope, {
      ...(steps ? { steps } : {}),
      log,
    });
  },
  [KEYWORDS_NIGHTLY_DERIVE_JOB]: async (_payload, context) => {
    try {
      const scopes = await queueNightlyDerives(context.db);
      context.log.info({ libraries: scopes.length }, 'nightly derive queued');
    } finally {
      await scheduleNightlyDerive(context.db);
    }
  },
  [KEYWORDS_IMPORT_JOB]: async (payload, { db }) => {
    const { importId } = parsePayload(importPayloadSchema, payload);
    await runImport(db, importId);
  },
};
