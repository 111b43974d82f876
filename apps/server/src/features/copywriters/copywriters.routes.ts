import {
  CopywriterPath,
  copywriterGenerateBodySchema,
  copywriterWorkIdParamsSchema,
  copywriterWorkListQuerySchema,
  copywriterWorkSaveBodySchema,
} from '@dso/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { closedSignal, sendLlmRun } from '../../lib/llm-stream';
import { savedWorkRoutes } from '../../lib/saved-work-routes';
import { requireUser } from '../../plugins/session';
import { deleteWork, getWork, listWorks, saveWork, startCopywriting } from './copywriters.service';

/** AI 文案 (docs/copywriters.md): the streamed script for a keyword and the saved scripts. */
export const copywritersRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * Refusals before the first piece are ordinary envelopes; then an event stream whose `start` event
   * carries the videos and words the script draws on (lib/llm-stream).
   */
  app.post(CopywriterPath.generate, { schema: { body: copywriterGenerateBodySchema } }, async (request, reply) => {
    const userId = requireUser(request);
    const { run, sources } = await startCopywriting(
      app.db,
      app.providers.llm,
      userId,
      request.body,
      closedSignal(reply),
    );
    return sendLlmRun(request, reply, run, { sources });
  });

  savedWorkRoutes(
    app,
    CopywriterPath,
    {
      listQuery: copywriterWorkListQuerySchema,
      saveBody: copywriterWorkSaveBodySchema,
      idParams: copywriterWorkIdParamsSchema,
    },
    { listWorks, saveWork, getWork, deleteWork },
  );
};
