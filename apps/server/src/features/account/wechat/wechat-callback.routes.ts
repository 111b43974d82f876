import { WechatPath } from '@dso/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordEvent } from './wechat.service';

/**
 * The Official Account's server address. WeChat speaks plain text and XML here, not our envelope,
 * and signs with the shared token instead of our request signature.
 */
export const wechatCallbackRoutes: FastifyPluginAsyncZod = async (app) => {
  // Events are a few hundred bytes; the small limit keeps hostile bodies out of the XML parser.
  app.addContentTypeParser(
    ['text/xml', 'application/xml'],
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_, body, done) => done(null, body),
  );

  app.get(WechatPath.callback, async (request, reply) => {
    const echo = app.providers.wechat.answerAddressCheck(request.query as Record<string, unknown>);
    if (echo === null) return reply.status(403).type('text/plain').send('invalid signature');
    return reply.type('text/plain').send(echo);
  });

  app.post(WechatPath.callback, async (request, reply) => {
    const event = app.providers.wechat.readEvent({
      query: request.query as Record<string, unknown>,
      body: typeof request.body === 'string' ? request.body : '',
    });
    if (event.kind === 'forged') {
      request.log.warn({ query: request.query }, 'WeChat callback with a bad signature');
      return reply.status(403).type('text/plain').send('invalid signature');
    }
    const outcome = await recordEvent(app.db, event);
    if (event.kind === 'scan') request.log.info({ outcome }, 'WeChat login scan');
    // WeChat only needs "success" (or nothing) to stop retrying; a reply message is optional.
    return reply.type('text/plain').send('success');
  });
};
