import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cardsRoutes } from './cards/cards.routes';
import { couponsRoutes } from './coupons/coupons.routes';
import { invoicesRoutes } from './invoices/invoices.routes';
import { orderListRoutes } from './list/order-list.routes';
import { packsRoutes } from './packs/packs.routes';
import { paymentsRoutes } from './payments/payments.routes';
import { sandboxCashierRoutes } from './payments/sandbox-cashier.routes';
import { plansRoutes } from './plans/plans.routes';
import { previewRoutes } from './preview/preview.routes';

/** Membership purchase (001 §2–§5): each part registers its own routes. */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(plansRoutes);
  await app.register(previewRoutes);
  await app.register(paymentsRoutes);
  await app.register(sandboxCashierRoutes);
  await app.register(packsRoutes);
  await app.register(orderListRoutes);
  await app.register(invoicesRoutes);
  await app.register(couponsRoutes);
  await app.register(cardsRoutes);
};
