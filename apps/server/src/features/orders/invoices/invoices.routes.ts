import {
  invoiceIdQuerySchema,
  invoiceInsertBodySchema,
  invoiceStatusSchema,
  OrderPath,
  orderIdQuerySchema,
  pageBodySchema,
} from '@dso/contract';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../lib/app-error';
import { ok } from '../../../lib/envelope';
import { requireUser } from '../../../plugins/session';
import { requireAdmin } from '../../account';
import { invoiceMessages } from './invoice-items';
import { getSavedTitle } from './invoice-title';
import { listAllInvoices, recordUploadedInvoice, reddenInvoice, retryInvoice } from './invoices-admin.service';
import { getInvoice, getInvoiceByOrder, invoicePdf, listInvoices } from './read-invoices.service';
import { listInvoiceableOrders, requestInvoice } from './request-invoice.service';

/** The operators' invoice calls (administrators only). */
export const InvoiceAdminPath = {
  /** `POST {status?, page_no, page_size}`: every user's invoices, newest first. */
  list: '/api/admin/orders/invoices',
  /** `POST {id, reason}`: 红冲 through the invoice provider. */
  redden: '/api/admin/orders/invoices/redden',
  /** `POST {id}`: queue a pending or failed invoice for issuing again. */
  retry: '/api/admin/orders/invoices/retry',
  /** `POST multipart {id, invoice_no, file, red?, reason?}`: record an invoice issued by hand. */
  upload: '/api/admin/orders/invoices/upload',
  /** `GET ?id=&red=`: any invoice's file. */
  pdf: '/api/admin/orders/invoices/pdf',
} as const;

/** The largest invoice file an operator may upload (a 数电发票 PDF is well under 1 MB). */
const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
const INVOICE_NO = /^[0-9A-Za-z]{8,32}$/;

const pdfQuerySchema = invoiceIdQuerySchema.extend({ red: z.enum(['0', '1', 'true', 'false']).optional() });
const isRed = (red: string | undefined) => red === '1' || red === 'true';
const reddenBodySchema = invoiceIdQuerySchema.extend({
  reason: z.string().trim().min(1, invoiceMessages.reasonRequired).max(100, '红冲原因过长'),
});
const adminListBodySchema = pageBodySchema.extend({ status: invoiceStatusSchema.optional() });

function sendPdf(reply: FastifyReply, file: { fileName: string; pdf: Buffer }) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.pdf);
}

/** Invoices for paid orders (/setting?type=first): the buyer's calls, then the operators'. */
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

  await app.register(invoiceAdminRoutes);
};

/** 800 for visitors, 403 无权限访问 for anyone who is not an administrator, before any input is acted on. */
const invoiceAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 8 } });
  app.addHook('preHandler', async (request) => {
    await requireAdmin(app.db, requireUser(request));
  });
  const context = () => ({ db: app.db, provider: app.providers.invoice });

  app.post(InvoiceAdminPath.list, { schema: { body: adminListBodySchema } }, async (request) =>
    ok(await listAllInvoices(app.db, request.body.status, request.body.page_no, request.body.page_size)),
  );

  app.post(InvoiceAdminPath.redden, { schema: { body: reddenBodySchema } }, async (request) =>
    ok(await reddenInvoice(context(), request.body.id, request.body.reason)),
  );

  app.post(InvoiceAdminPath.retry, { schema: { body: invoiceIdQuerySchema } }, async (request) =>
    ok(await retryInvoice(context(), request.body.id)),
  );

  app.get(InvoiceAdminPath.pdf, { schema: { querystring: pdfQuerySchema } }, async (request, reply) =>
    sendPdf(reply, await invoicePdf(app.db, null, request.query.id, isRed(request.query.red))),
  );

  app.post(InvoiceAdminPath.upload, async (request) => {
    if (!request.isMultipart()) throw AppError.badRequest('请以 multipart/form-data 上传文件');
    const fields: Record<string, string> = {};
    let pdf: Buffer | null = null;
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer().catch((error: { code?: string }) => {
          if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw AppError.badRequest('发票文件不能超过 10MB');
          throw error;
        });
        if (part.fieldname === 'file') pdf = buffer;
      } else {
        fields[part.fieldname] = String(part.value ?? '').trim();
      }
    }
    const id = invoiceIdQuerySchema.safeParse({ id: fields.id ?? '' });
    if (!id.success) throw AppError.badRequest(invoiceMessages.notFound);
    const invoiceNo = fields.invoice_no ?? '';
    if (!INVOICE_NO.test(invoiceNo)) throw AppError.badRequest('请输入正确的发票号码');
    const file = pdf as Buffer | null;
    if (!file || file.length === 0) throw AppError.badRequest('请选择发票文件');
    if (file.subarray(0, 5).toString('latin1') !== '%PDF-') throw AppError.badRequest('请上传PDF格式的发票文件');
    return ok(
      await recordUploadedInvoice(app.db, {
        id: id.data.id,
        invoiceNo,
        pdf: file,
        red: isRed(fields.red),
        reason: fields.reason ?? null,
      }),
    );
  });
};
