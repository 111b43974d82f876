import {
  WritingPath,
  writingGenerateBodySchema,
  writingWorkIdParamsSchema,
  writingWorkListQuerySchema,
  writingWorkSaveBodySchema,
} from '@dso/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { llmRunRoute } from '../../lib/llm-run-route';
import { savedWorkRoutes } from '../../lib/saved-work-routes';
import { deleteWork, getWork, listTemplateGroups, listWorks, saveWork, startWriting } from './writing.service';

/** AI 创作 (docs/writing.md): templates, the streamed generation, saved works. */
export const writingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(WritingPath.templates, async () => ok(await listTemplateGroups(app.db)));

  /**
   * The event stream's pieces end with `done` (charged) or `error` (the model stopped; not charged); a text
   * stopped after it began is charged, as the model answered.
   */
  llmRunRoute(app, WritingPath.generate, writingGenerateBodySchema, async (...args) => ({
    run: await startWriting(...args),
  }));

  savedWorkRoutes(
    app,
    WritingPath,
    { listQuery: writingWorkListQuerySchema, saveBody: writingWorkSaveBodySchema, idParams: writingWorkIdParamsSchema },
    { listWorks, saveWork, getWork, deleteWork },
  );
};
