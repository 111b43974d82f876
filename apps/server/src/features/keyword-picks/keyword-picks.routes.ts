import { KeywordPickPath, keywordPickBodySchema } from '@dso/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { llmRunRoute } from '../../lib/llm-run-route';
import { startKeywordPicks } from './keyword-picks.service';

/** AI 选词 (docs/copywriters.md): the model's picks among the library's blue-ocean words, streamed. */
export const keywordPicksRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The `start` event carries the candidates with their figures as the library shows them to this user. */
  llmRunRoute(app, KeywordPickPath.pick, keywordPickBodySchema, startKeywordPicks);
};
