import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Database } from '../db/client';
import { requireUser } from '../plugins/session';
import type { LlmProvider } from '../providers/llm/index';
import { closedSignal, type LlmRun, sendLlmRun } from './llm-stream';

/**
 * The call that starts a streamed AI text (AI 创作, AI 文案, AI 选词; lib/llm-stream): it needs a login,
 * and `start` asks the model with the app's database and model and a signal that stops it when the browser
 * goes away. Refusals before the first piece are ordinary envelopes; then the answer is the event stream,
 * whose `start` event carries whatever `start` answered beside the run (the sources a script draws on, the
 * candidate words). Kept apart from llm-stream.ts, which the services import, so they do not load the session plugin.
 */
export function llmRunRoute<Body extends z.ZodType, Started extends { run: LlmRun }>(
  app: FastifyInstance,
  path: string,
  body: Body,
  start: (
    db: Database,
    llm: LlmProvider,
    userId: number,
    body: z.output<Body>,
    signal: AbortSignal,
  ) => Promise<Started>,
) {
  // The provider cannot resolve a generic schema's output; the schema has parsed the value before the cast.
  app.withTypeProvider<ZodTypeProvider>().post(path, { schema: { body } }, async (request, reply) => {
    const userId = requireUser(request);
    const { run, ...startData } = await start(
      app.db,
      app.providers.llm,
      userId,
      request.body as z.output<Body>,
      closedSignal(reply),
    );
    return sendLlmRun(request, reply, run, startData);
  });
}
