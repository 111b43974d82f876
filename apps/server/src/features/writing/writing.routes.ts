import {
  WritingPath,
  writingGenerateBodySchema,
  writingWorkIdParamsSchema,
  writingWorkListQuerySchema,
  writingWorkSaveBodySchema,
} from '@dso/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { closedSignal, sendLlmRun } from '../../lib/llm-stream';
import { savedWorkRoutes } from '../../lib/saved-work-routes';
import { requireUser } from '../../plugins/session';
import { deleteWork, getWork, listTemplateGroups, listWorks, saveWork, startWriting } from './writing.service';

/** AI 创作 (docs/writing.md): templates, the streamed generation, saved works. */
export const writingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(WritingPath.templates, async () => ok(await listTemplateGroups(app.db)));

  /**
   * Refusals before the first piece are ordinary envelopes; then the answer is an event stream of
   * pieces ending with `done` (charged) or `error` (the model stopped; not charged). A client that
   * goes away stops the model; a text stopped after it began is charged, as the model answered.
   */
  /**
   * Refusals before the first piece are ordinary envelopes; then the answer is an event stream
   * (lib/llm-stream). A client that goes away stops the model.
   */
  app.post(WritingPath.generate, { schema: { body: writingGenerateBodySchema } }, async (request, reply) => {
    const userId = requireUser(request);
    const run = await startWriting(app.db, app.providers.llm, userId, request.body, closedSignal(reply));
    return sendLlmRun(request, reply, run);
  });

  savedWorkRoutes(
    app,
    WritingPath,
    { listQuery: writingWorkListQuerySchema, saveBody: writingWorkSaveBodySchema, idParams: writingWorkIdParamsSchema },
    { listWorks, saveWork, getWork, deleteWork },
  );
};
