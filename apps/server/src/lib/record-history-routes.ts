import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Database } from '../db/client';
import { requireUser } from '../plugins/session';
import { ok } from './envelope';

/** The history service of one kind of record: each call is the signed-in user's own records only. */
export interface RecordHistoryService<ListQuery> {
  list(db: Database, userId: number, query: ListQuery): Promise<unknown>;
  get(db: Database, userId: number, id: number): Promise<unknown>;
  remove(db: Database, userId: number, id: number): Promise<null>;
}

/**
 * The history calls of the records a job makes for a user (视频文案提取, 直播复盘; 002 §7's query-string
 * style): a page of the list, one record by `?id=`, and removing one by `{ id }` answered with `removed`.
 * Each needs a login; the id schema carries the kind's message for a missing record.
 */
export function recordHistoryRoutes<ListQuery extends z.ZodType>(
  app: FastifyInstance,
  paths: { list: string; detail: string; remove: string },
  schemas: { listQuery: ListQuery; id: z.ZodType<{ id: number }> },
  service: RecordHistoryService<z.output<ListQuery>>,
  removed: string,
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // The provider cannot resolve a generic schema's output; the schema has parsed the value before the cast.
  typed.get(paths.list, { schema: { querystring: schemas.listQuery } }, async (request) =>
    ok(await service.list(app.db, requireUser(request), request.query as z.output<ListQuery>)),
  );

  typed.get(paths.detail, { schema: { querystring: schemas.id } }, async (request) =>
    ok(await service.get(app.db, requireUser(request), request.query.id)),
  );

  typed.post(paths.remove, { schema: { body: schemas.id } }, async (request) =>
    ok(await service.remove(app.db, requireUser(request), request.body.id), removed),
  );
}
