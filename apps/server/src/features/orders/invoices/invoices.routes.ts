import {
  invoiceIdQuerySchema,
  invoiceInsertBodySchema,
  OrderPath,
  orderIdQuerySchema,
  pageBodySchema,
} from '@dso/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../lib/envelope';
import { sendPdf } from '../../../lib/send-pdf';
import { requireUser } from '../../../plugins/session';
import { getSavedTitle } from './invoice-title';
import { getInvoice, getInvoiceByOrder, invoicePdf, listInvoices } from './read-invoices.service';
import { listInvoiceableOrders, requestInvoice } from './request-invoice.service';

const pdfQuerySchema = invoiceIdQuerySchema.extend({ red: z.enum(['0', '1', 'true', 'false']).optional() });
const isRed = (red: string | undefined) => red === '1' || red === 'true';

/** Invoices for paid orders (/setting?type=first): the buyer's calls (staff's are the console's, 发票). */
export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = () => ({ db: app.db, provider: app.providers.invoice });

  app.post(OrderPath.invoiceable, async (request) => ok(await listInvoiceableOrders(app.db, requireUser(request))));

  app.get(OrderPath.invoiceTitle, async (request) => ok(await getSavedTitle(app.db, requireUser(request))));

  app.post(OrderPath.invoiceInsert, { schema: { body: invoiceInsertBodySchema } }, async (request) =>
    ok(await requestInvoice(context(), requireUser(request), request.body)),
  );

  app.post(OrderPath.invoiceList, { schema: { body: pageBodySchema } }, async (request) =>
    ok(await listInvoices(app.db, requireUser(request), request.body.page_no, request.body.page_size)),
  );

  app.get(OrderPath.invoiceGet, { schema: { querystring: invoiceIdQuerySchema } }, async (request) =>
    ok(await getInvoice(app.db, requireUser(request), request.query.id)),
  );

  app.get(OrderPath.invoiceByOrder, { schema: { querystring: orderIdQuerySchema } }, async (request) =>
    ok(await getInvoiceByOrder(app.db, requireUser(request), request.query.orderId)),
  );

  // Success is the file itself; refusals (login, 发票尚未开具) come back as the envelope like any other call.
  app.get(OrderPath.invoicePdf, { schema: { querystring: pdfQuerySchema } }, async (request, reply) =>
    sendPdf(reply, await invoicePdf(app.db, requireUser(request), request.query.id, isRed(request.query.red))),
  );
};
