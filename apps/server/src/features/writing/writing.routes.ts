import { PassThrough } from 'node:stream';
import {
  Code,
  WritingPath,
  WritingStreamEvent,
  writingGenerateBodySchema,
  writingMessages,
  writingWorkIdParamsSchema,
  writingWorkListQuerySchema,
  writingWorkSaveBodySchema,
} from '@dso/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { requireUser } from '../../plugins/session';
import { LlmError } from '../../providers/llm/index';
import {
  deleteWork,
  getWork,
  listTemplateGroups,
  listWorks,
  modelFailureMessage,
  saveWork,
  startWriting,
} from './writing.service';

/** One Server-Sent Event. */
const sseEvent = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/** AI 创作 (docs/writing.md): templates, the streamed generation, saved works. */
export const writingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(WritingPath.templates, async () => ok(await listTemplateGroups(app.db)));

  /**
   * Refusals before the first piece are ordinary envelopes; then the answer is an event stream of
   * pieces ending with `done` (charged) or `error` (the model stopped; not charged). A client that
   * goes away stops the model; a text stopped after it began is charged, as the model answered.
   */
  app.post(WritingPath.generate, { schema: { body: writingGenerateBodySchema } }, async (request, reply) => {
    const userId = requireUser(request);
    const stop = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) stop.abort();
    });
    const run = await startWriting(app.db, app.providers.llm, userId, request.body, stop.signal);

    const out = new PassThrough();
    const charge = () =>
      run.charge().catch((error: unknown) => {
        // Another request took the last unit meanwhile: the text is delivered; nothing to undo.
        request.log.warn({ err: error, userId }, 'writing: the quota could not be charged after the answer');
      });
    const pump = async () => {
      out.write(sseEvent(WritingStreamEvent.start, { sandbox: run.sandbox }));
      out.write(sseEvent(WritingStreamEvent.delta, { text: run.first }));
      try {
        for (;;) {
          const next = await run.rest.next();
          if (next.done) break;
          if (next.value) out.write(sseEvent(WritingStreamEvent.delta, { text: next.value }));
        }
        await charge();
        out.end(sseEvent(WritingStreamEvent.done, { sandbox: run.sandbox }));
      } catch (error) {
        if (error instanceof LlmError && error.reason === 'aborted') {
          await charge();
          out.end();
          return;
        }
        request.log.warn({ err: error }, 'writing: the model stopped mid-text');
        const msg =
          error instanceof LlmError && error.reason === 'rate_limited'
            ? modelFailureMessage(error)
            : writingMessages.modelInterrupted;
        out.end(sseEvent(WritingStreamEvent.error, { code: Code.TOAST, msg }));
      }
    };
    void pump();
    reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-cache, no-transform')
      // Proxies (nginx) would otherwise hold the pieces back until the end.
      .header('x-accel-buffering', 'no');
    return reply.send(out);
  });

  app.get(WritingPath.works, { schema: { querystring: writingWorkListQuerySchema } }, async (request) =>
    ok(await listWorks(app.db, requireUser(request), request.query)),
  );

  app.post(WritingPath.works, { schema: { body: writingWorkSaveBodySchema } }, async (request) =>
    ok(await saveWork(app.db, requireUser(request), request.body)),
  );

  app.get(WritingPath.work, { schema: { params: writingWorkIdParamsSchema } }, async (request) =>
    ok(await getWork(app.db, requireUser(request), request.params.id)),
  );

  app.delete(WritingPath.work, { schema: { params: writingWorkIdParamsSchema } }, async (request) => {
    await deleteWork(app.db, requireUser(request), request.params.id);
    return ok(null);
  });
};
