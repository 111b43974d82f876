import {
  CopywriterPath,
  copywriterGenerateBodySchema,
  copywriterWorkIdParamsSchema,
  copywriterWorkListQuerySchema,
  copywriterWorkSaveBodySchema,
} from '@dso/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { llmRunRoute } from '../../lib/llm-run-route';
import { savedWorkRoutes } from '../../lib/saved-work-routes';
import { deleteWork, getWork, listWorks, saveWork, startCopywriting } from './copywriters.service';

/** AI 文案 (docs/copywriters.md): the streamed script for a keyword and the saved scripts. */
export const copywritersRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The stream's `start` event carries the videos and words the script draws on. */
  llmRunRoute(app, CopywriterPath.generate, copywriterGenerateBodySchema, startCopywriting);

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
