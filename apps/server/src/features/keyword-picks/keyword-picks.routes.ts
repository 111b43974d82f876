import { KeywordPickPath, keywordPickBodySchema } from '@dso/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { closedSignal, sendLlmRun } from '../../lib/llm-stream';
import { requireUser } from '../../plugins/session';
import { startKeywordPicks } from './keyword-picks.service';

/** AI 选词 (docs/copywriters.md): the model's picks among the library's blue-ocean words, streamed. */
export const keywordPicksRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The `start` event carries the candidates with their figures as the library shows them to this user. */
  app.post(KeywordPickPath.pick, { schema: { body: keywordPickBodySchema } }, async (request, reply) => {
    const userId = requireUser(request);
    const { run, candidates } = await startKeywordPicks(
      app.db,
      app.providers.llm,
      userId,
      request.body,
      closedSignal(reply),
    );
    return sendLlmRun(request, reply, run, { candidates });
  });
};
