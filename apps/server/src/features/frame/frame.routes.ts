import { eventBodySchema, FramePath, sessionStatisticBodySchema, visitorStatisticBodySchema } from '@dso/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import * as repository from './frame.repository';
import { listTiktokUsers } from './frame.service';

export const frameRoutes: FastifyPluginAsyncZod = async (app) => {
  const originOf = (request: { ip: string; headers: Record<string, unknown> }) => ({
    ip: request.ip,
    userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : undefined,
  });

  app.get(FramePath.serverTime, async () => ok({ time: Date.now() }));

  app.post(FramePath.visitorStatistic, { schema: { body: visitorStatisticBodySchema } }, async (request) => {
    await repository.insertPageView(app.db, request.body.uid, request.body.page, originOf(request));
    return ok(null);
  });

  app.post(FramePath.sessionStatistic, { schema: { body: sessionStatisticBodySchema } }, async (request) => {
    await repository.insertSessionVisit(app.db, request.body.uid, originOf(request));
    return ok(null);
  });

  app.post(FramePath.event, { schema: { body: eventBodySchema } }, async (request) => {
    await repository.insertTrackingEvent(app.db, request.body.uid, request.body.pe, request.body.ce);
    return ok(null);
  });

  app.get(FramePath.siteInfo, async () => ok(app.config.site));

  app.get(FramePath.friendLinks, async () => ok(await repository.selectFriendLinks(app.db)));

  app.get(FramePath.tiktokUserInfoList, async (request) => ok(await listTiktokUsers(app.db, request.userId)));
};
