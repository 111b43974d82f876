import { OrderPath } from '@dso/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/envelope';
import { requireUser } from '../../../plugins/session';
import { couponItem, listUsableCoupons } from './coupons.service';

/** `order/coupon_list` (001 §7): the caller's coupons usable now, amounts in fen, times in seconds. */
export const couponsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(OrderPath.coupons, async (request) => {
    const coupons = await listUsableCoupons(app.db, requireUser(request), new Date());
    return ok(coupons.map(couponItem));
  });
};
