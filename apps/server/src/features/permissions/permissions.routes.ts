import { PermissionPath, permissionUseQuerySchema } from '@dso/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { requireUser } from '../../plugins/session';
import { getPermissionTree, getPermissionUse } from './permissions.service';

export const permissionsRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The permission tree; visitors need it too, to name the lowest tier of a feature. */
  app.get(PermissionPath.roles, async () => ok(await getPermissionTree(app.db)));

  app.get(PermissionPath.use, { schema: { querystring: permissionUseQuerySchema } }, async (request) => {
    const userId = requireUser(request);
    return ok(await getPermissionUse(app.db, userId, request.query.permission));
  });
};
