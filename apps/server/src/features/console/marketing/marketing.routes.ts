import {
  adminCardListQuerySchema,
  ConsoleMarketingPath,
  consoleCardBatchBodySchema,
  consoleCouponCreateBodySchema,
  consoleCouponGrantBodySchema,
  consolePackageCreateBodySchema,
  consolePackageUpdateBodySchema,
  consolePlanCreateBodySchema,
  consolePlanEnableBodySchema,
  consolePlanUpdateBodySchema,
} from '@dso/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/envelope';
import { listCards, listCouponKinds, listPackages, listPlans } from '../../orders';
import { actorOf, allow } from '../console.access';
import { exportBatchCsv } from './marketing.export';
import {
  createCardBatchAudited,
  createCouponAudited,
  createPackAudited,
  createPlanAudited,
  grantCouponAudited,
  listBatches,
  setPlanEnabledAudited,
  updatePackAudited,
  updatePlanAudited,
} from './marketing.service';

/** The acting staff member and the reason a body gives, and the rest of the body. */
function split<Body extends { reason: string }>(request: FastifyRequest, body: Body) {
  const { reason, ...rest } = body;
  return [{ actor: actorOf(request), reason }, rest] as const;
}

/**
 * The console's 套餐与卡券 calls (docs/console.md): everything, reads included, needs `orders.act` (管理员, 财务):
 * the lists hold card codes that can be redeemed, and prices before they are published.
 */
export const marketingRoutes: FastifyPluginAsyncZod = async (app) => {
  const act = { preHandler: allow('orders.act') };
  const P = ConsoleMarketingPath;

  app.get(P.plans, act, async () => ok(await listPlans(app.db)));
  app.post(P.planCreate, { ...act, schema: { body: consolePlanCreateBodySchema } }, async (request) =>
    ok(await createPlanAudited(app.db, ...split(request, request.body)), '套餐已创建'),
  );
  app.post(P.planUpdate, { ...act, schema: { body: consolePlanUpdateBodySchema } }, async (request) =>
    ok(await updatePlanAudited(app.db, ...split(request, request.body)), '套餐已保存'),
  );
  app.post(P.planEnable, { ...act, schema: { body: consolePlanEnableBodySchema } }, async (request) =>
    ok(await setPlanEnabledAudited(app.db, ...split(request, request.body)), '已保存'),
  );

  app.get(P.coupons, act, async () => ok(await listCouponKinds(app.db)));
  app.post(P.couponCreate, { ...act, schema: { body: consoleCouponCreateBodySchema } }, async (request) =>
    ok(await createCouponAudited(app.db, ...split(request, request.body)), '优惠券已创建'),
  );
  app.post(P.couponGrant, { ...act, schema: { body: consoleCouponGrantBodySchema } }, async (request) =>
    ok(await grantCouponAudited(app.db, ...split(request, request.body)), '优惠券已发放'),
  );

  app.get(P.cardBatches, act, async () => ok(await listBatches(app.db)));
  app.post(P.cardBatchCreate, { ...act, schema: { body: consoleCardBatchBodySchema } }, async (request) => {
    const [why, { request_id, ...body }] = split(request, request.body);
    return ok(await createCardBatchAudited(app.db, why, { requestId: request_id, body }), '会员卡已生成');
  });
  app.get(P.cards, { ...act, schema: { querystring: adminCardListQuerySchema } }, async (request) =>
    ok(await listCards(app.db, request.query.batch)),
  );
  app.get(P.cardExport, { ...act, schema: { querystring: adminCardListQuerySchema } }, async (request, reply) => {
    const { file, disposition } = await exportBatchCsv(app.db, request.query.batch, new Date());
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', disposition)
      .header('cache-control', 'no-store')
      .send(file);
  });

  app.get(P.packs, act, async () => ok(await listPackages(app.db)));
  app.post(P.packCreate, { ...act, schema: { body: consolePackageCreateBodySchema } }, async (request) =>
    ok(await createPackAudited(app.db, ...split(request, request.body)), '次数包已创建'),
  );
  app.post(P.packUpdate, { ...act, schema: { body: consolePackageUpdateBodySchema } }, async (request) =>
    ok(await updatePackAudited(app.db, ...split(request, request.body)), '次数包已保存'),
  );
};
