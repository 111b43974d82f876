import { platformSchema } from '@dso/contract';
import { z } from 'zod';
import { type JobHandlers, PermanentJobError } from '../jobs';
import { deriveScope, deriveSteps } from './derive/keyword-derive';
import { KEYWORDS_DERIVE_JOB, KEYWORDS_IMPORT_JOB, runImport } from './import/keyword-import.service';

const derivePayloadSchema = z.object({
  platform: platformSchema,
  country: z.string().max(2).default(''),
  /** Only these parts of the derive (all when absent). */
  steps: z.array(z.enum(deriveSteps)).optional(),
});
const importPayloadSchema = z.object({ importId: z.number().int().positive() });

function parsePayload<T>(schema: z.ZodType<T>, payload: unknown): T {
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new PermanentJobError(`bad payload: ${parsed.error.message}`);
  return parsed.data;
}

/** The keyword library's background jobs: derive a library, run an uploaded import. */
export const keywordJobHandlers: JobHandlers = {
  [KEYWORDS_DERIVE_JOB]: async (payload, { db, log }) => {
    const { steps, ...scope } = parsePayload(derivePayloadSchema, payload);
    await deriveScope(db, scope, {
      ...(steps ? { steps } : {}),
      log: (message, data) => log.info(data ?? {}, message),
    });
  },
  [KEYWORDS_IMPORT_JOB]: async (payload, { db }) => {
    const { importId } = parsePayload(importPayloadSchema, payload);
    await runImport(db, importId);
  },
};
