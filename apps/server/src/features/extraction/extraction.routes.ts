import {
  ExtractionPath,
  extractBodySchema,
  extractionBatchFormSchema,
  extractionIdSchema,
  extractionListQuerySchema,
  extractionMessages,
} from '@dso/contract';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { recordHistoryRoutes } from '../../lib/record-history-routes';
import { requireUser } from '../../plugins/session';
import { extractOne, getExtraction, listExtractions, removeExtraction, submitBatch } from './extraction.service';

/** The batch form holds two short fields (100 ids of ≤ 128 characters fit well under this). */
const BATCH_FIELD_MAX_BYTES = 16 * 1024;

/** 视频文案提取: single and batch extraction and the history; login required for each call. */
export const extractionRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, { limits: { fieldSize: BATCH_FIELD_MAX_BYTES, fields: 4, files: 0 } });

  app.post(ExtractionPath.extract, { schema: { body: extractBodySchema } }, async (request) =>
    ok(await extractOne(app.db, app.providers.speech, requireUser(request), request.body.link)),
  );

  // 002 §7: a multipart form of the ids joined by the separator, plus a flag.
  app.post(ExtractionPath.batch, async (request) => {
    const userId = requireUser(request);
    if (!request.isMultipart()) throw AppError.badRequest(extractionMessages.batchFormInvalid);
    const fields: Record<string, string> = {};
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field' && typeof part.value === 'string') fields[part.fieldname] = part.value;
      }
    } catch {
      // Files, too many fields or an over-long field: not a form this call takes.
      throw AppError.badRequest(extractionMessages.batchFormInvalid);
    }
    const parsed = extractionBatchFormSchema.safeParse(fields);
    if (!parsed.success)
      throw AppError.badRequest(parsed.error.issues[0]?.message ?? extractionMessages.emptySelection);
    return ok(await submitBatch(app.db, userId, parsed.data.aweme_ids), extractionMessages.submitted);
  });

  recordHistoryRoutes(
    app,
    ExtractionPath,
    { listQuery: extractionListQuerySchema, id: extractionIdSchema },
    { list: listExtractions, get: getExtraction, remove: removeExtraction },
    extractionMessages.removed,
  );
};
