import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createRateLimitStore } from '../../lib/rate-limit';
import { auditRoutes } from './audit/audit.routes';
import { consoleToken } from './console.access';
import { dataRoutes } from './data/data.routes';
import { invoicesRoutes } from './invoices/invoices.routes';
import { staffLoginRoutes } from './login/staff-login.routes';
import { checkStaffToken } from './login/staff-login.service';
import { marketingRoutes } from './marketing/marketing.routes';
import { ordersRoutes } from './orders/orders.routes';
import { refundsRoutes } from './refunds/refunds.routes';
import { staffRoutes } from './staff/staff.routes';
import { systemRoutes } from './system/system.routes';
import { usersRoutes } from './users/users.routes';

/**
 * The operator's console (`/api/console/…`, docs/console.md). Every call first reads the console cookie
 * (after the members' session layer, so `request.userId` tells a member apart from a visitor); each route
 * then names the ability it needs (`allow`), and refuses in the envelope before acting.
 */
export const consoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const store = createRateLimitStore({ redisUrl: app.config.redisUrl, log: app.log });
  app.addHook('onClose', () => store.close());
  app.decorateRequest('staffCheck', null);
  app.addHook('preHandler', async (request) => {
    request.staffCheck = await checkStaffToken(app.db, consoleToken(request), new Date());
  });

  await app.register(staffLoginRoutes, { store });
  await app.register(staffRoutes);
  await app.register(auditRoutes);
  await app.register(usersRoutes);
  await app.register(ordersRoutes);
  await app.register(refundsRoutes);
  await app.register(marketingRoutes);
  await app.register(invoicesRoutes);
  await app.register(dataRoutes);
  await app.register(systemRoutes);
};
