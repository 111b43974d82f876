import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../../plugins/session';
import { requireAdmin } from '../../account';

/**
 * The members' administrators' calls (`/api/admin/orders/…`): 800 for visitors, 403 无权限访问 for anyone who
 * is not an administrator. None remain: plans, coupons, cards and packs are the console's (console/marketing/),
 * and so are the payments to refund (console/refunds/).
 */
export const ordersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', async (request) => {
    await requireAdmin(app.db, requireUser(request));
  });
};
