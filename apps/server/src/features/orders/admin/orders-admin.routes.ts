import {
  adminCardBatchBodySchema,
  adminCardListQuerySchema,
  adminCouponCreateBodySchema,
  adminCouponGrantBodySchema,
  adminPackageCreateBodySchema,
  adminPackageUpdateBodySchema,
  adminPlanCreateBodySchema,
  adminPlanEnableBodySchema,
  adminPlanUpdateBodySchema,
  OrderAdminPath,
} from '@dso/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/envelope';
import { requireUser } from '../../../plugins/session';
import { requireAdmin } from '../../account';
import {
  createCards,
  createCouponKind,
  createPackage,
  createPlan,
  grantCouponToPhones,
  listCards,
  listCouponKinds,
  listPackages,
  listPlans,
  listRefunds,
  setPlanEnabled,
  updatePackage,
  updatePlan,
} from './orders-admin.service';

/**
 * The operators' calls for plans, coupons, cards, packs and payments to refund (`/api/admin/orders/…`): 800 for visitors,
 * 403 无权限访问 for anyone who is not an administrator, before any input is acted on.
 */
export const ordersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', async (request) => {
    await requireAdmin(app.db, requireUser(request));
  });

  app.get(OrderAdminPath.plans, async () => ok(await listPlans(app.db)));
  app.post(OrderAdminPath.planCreate, { schema: { body: adminPlanCreateBodySchema } }, async (request) =>
    ok(await createPlan(app.db, request.body)),
  );
  app.post(OrderAdminPath.planUpdate, { schema: { body: adminPlanUpdateBodySchema } }, async (request) =>
    ok(await updatePlan(app.db, request.body)),
  );
  app.post(OrderAdminPath.planEnable, { schema: { body: adminPlanEnableBodySchema } }, async (request) =>
    ok(await setPlanEnabled(app.db, request.body)),
  );

  app.get(OrderAdminPath.coupons, async () => ok(await listCouponKinds(app.db)));
  app.post(OrderAdminPath.couponCreate, { schema: { body: adminCouponCreateBodySchema } }, async (request) =>
    ok(await createCouponKind(app.db, request.body)),
  );
  app.post(OrderAdminPath.couponGrant, { schema: { body: adminCouponGrantBodySchema } }, async (request) =>
    ok(await grantCouponToPhones(app.db, request.body)),
  );

  app.post(OrderAdminPath.cardBatchCreate, { schema: { body: adminCardBatchBodySchema } }, async (request) =>
    ok(await createCards(app.db, request.body)),
  );
  app.get(OrderAdminPath.cards, { schema: { querystring: adminCardListQuerySchema } }, async (request) =>
    ok(await listCards(app.db, request.query.batch)),
  );

  app.get(OrderAdminPath.packages, async () => ok(await listPackages(app.db)));
  app.post(OrderAdminPath.packageCreate, { schema: { body: adminPackageCreateBodySchema } }, async (request) =>
    ok(await createPackage(app.db, request.body)),
  );
  app.post(OrderAdminPath.packageUpdate, { schema: { body: adminPackageUpdateBodySchema } }, async (request) =>
    ok(await updatePackage(app.db, request.body)),
  );

  app.get(OrderAdminPath.refunds, async () => ok(await listRefunds(app.db)));
};
