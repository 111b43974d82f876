import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Database } from '../db/client';
import { requireUser } from '../plugins/session';
import { ok } from './envelope';

/** The service of one kind of saved work: each call is the signed-in user's own works only. */
export interface SavedWorkService<ListQuery, SaveBody> {
  listWorks(db: Database, userId: number, query: ListQuery): Promise<unknown>;
  saveWork(db: Database, userId: number, body: SaveBody): Promise<unknown>;
  getWork(db: Database, userId: number, id: number): Promise<unknown>;
  deleteWork(db: Database, userId: number, id: number): Promise<void>;
}

/**
 * The four calls every kind of saved work answers (AI 创作, AI 文案; docs/writing.md): a page of the
 * list, save (new, or the user's own with `id`), read one, delete one; each needs a login. The kinds
 * differ in their paths, their save body and the message for a missing id (the id schema carries it).
 */
export function savedWorkRoutes<ListQuery extends z.ZodType, SaveBody extends z.ZodType>(
  app: FastifyInstance,
  paths: { works: string; work: string },
  schemas: { listQuery: ListQuery; saveBody: SaveBody; idParams: z.ZodType<{ id: number }> },
  service: SavedWorkService<z.output<ListQuery>, z.output<SaveBody>>,
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // The provider cannot resolve a generic schema's output; the schema has parsed the value before the cast.
  typed.get(paths.works, { schema: { querystring: schemas.listQuery } }, async (request) =>
    ok(await service.listWorks(app.db, requireUser(request), request.query as z.output<ListQuery>)),
  );

  typed.post(paths.works, { schema: { body: schemas.saveBody } }, async (request) =>
    ok(await service.saveWork(app.db, requireUser(request), request.body as z.output<SaveBody>)),
  );

  typed.get(paths.work, { schema: { params: schemas.idParams } }, async (request) =>
    ok(await service.getWork(app.db, requireUser(request), request.params.id)),
  );

  typed.delete(paths.work, { schema: { params: schemas.idParams } }, async (request) => {
    await service.deleteWork(app.db, requireUser(request), request.params.id);
    return ok(null);
  });
}
