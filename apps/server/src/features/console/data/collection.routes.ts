import { ConsoleDataPath, consoleCollectionRunBodySchema } from '@dso/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/envelope';
import { actorOf, allow } from '../console.access';
import { queueCollectionRun, readCollections } from './collection.service';

/** 采集 on the 数据 page (docs/collection.md), under data.manage: the collections' status and 立即运行. */
export const collectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const manage = { preHandler: allow('data.manage') };

  app.get(ConsoleDataPath.collections, manage, async () => ok(await readCollections(app.db, app.config)));

  app.post(
    ConsoleDataPath.collectionRun,
    { ...manage, schema: { body: consoleCollectionRunBodySchema } },
    async (request) => ok(await queueCollectionRun(app.db, actorOf(request), request.body), '采集已排队'),
  );
};
