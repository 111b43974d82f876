import { PermissionPath, permissionUseQuerySchema, usageLogQuerySchema } from '@dso/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { requireUser } from '../../plugins/session';
import { getPermissionTree } from './permission-tree.service';
import { getPermissionUse } from './quota.service';
import { getUsageLog } from './usage-log.service';

export const permissionsRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The permission tree; visitors need it too, to name the lowest tier of a feature. */
  app.get(PermissionPath.roles, async () => ok(await getPermissionTree(app.db)));

  app.get(PermissionPath.use, { schema: { querystring: permissionUseQuerySchema } }, async (request) => {
    const userId = requireUser(request);
    return ok(await getPermissionUse(app.db, userId, request.query.permission));
  });

  /** The usage log: a day's use per quota with the ledger entries behind it. */
  app.get(PermissionPath.usageLog, { schema: { querystring: usageLogQuerySchema } }, async (request) => {
    const userId = requireUser(request);
    return ok(await getUsageLog(app.db, userId, request.query.day));
  });
};
