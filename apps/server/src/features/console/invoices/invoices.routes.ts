import {
  ConsoleInvoicePath,
  consoleInvoiceActionBodySchema,
  consoleInvoiceMessages,
  consoleInvoicePdfQuerySchema,
  consoleInvoiceQuerySchema,
  consoleInvoiceUploadFieldsSchema,
  consoleReddenBodySchema,
} from '@dso/contract';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/app-error';
import { ok } from '../../../lib/envelope';
import { sendPdf } from '../../../lib/send-pdf';
import { receiveUpload, uploadLimits } from '../../../lib/uploads';
import { invoicePdf } from '../../orders';
import { actorOf, allow } from '../console.access';
import { isPdf } from './invoice-pdf-check';
import { issueInvoice, listInvoiceQueue, reddenInvoice, retryInvoice, uploadInvoice } from './invoices.service';

/** The console's 发票 calls (docs/console.md, "Invoices"): 管理员 and 财务 (orders.act). */
export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart);
  const act = { preHandler: allow('orders.act') };
  const deps = () => ({ db: app.db, provider: app.providers.invoice });

  app.get(ConsoleInvoicePath.list, { ...act, schema: { querystring: consoleInvoiceQuerySchema } }, async (request) =>
    ok(await listInvoiceQueue(deps(), request.query)),
  );

  app.post(ConsoleInvoicePath.issue, { ...act, schema: { body: consoleInvoiceActionBodySchema } }, async (request) =>
    ok(await issueInvoice(deps(), actorOf(request), request.body), '发票已开具'),
  );

  app.post(ConsoleInvoicePath.redden, { ...act, schema: { body: consoleReddenBodySchema } }, async (request) =>
    ok(await reddenInvoice(deps(), actorOf(request), request.body), '发票已红冲'),
  );

  app.post(ConsoleInvoicePath.retry, { ...act, schema: { body: consoleInvoiceActionBodySchema } }, async (request) =>
    ok(await retryInvoice(deps(), actorOf(request), request.body), '已重新提交开票'),
  );

  app.post(ConsoleInvoicePath.upload, act, async (request) => {
    const { file, fields } = await receiveUpload(request, {
      limits: uploadLimits.invoicePdf,
      extensions: ['.pdf'],
      typeMessage: consoleInvoiceMessages.pdfOnly,
      textFields: ['reason', 'invoice_no', 'id'],
    });
    const parsed = consoleInvoiceUploadFieldsSchema.safeParse(fields);
    if (!parsed.success) throw AppError.badRequest(parsed.error.issues[0]?.message);
    if (!isPdf(file.buffer)) throw AppError.toast(consoleInvoiceMessages.pdfOnly);
    const { id, invoice_no, red, reason } = parsed.data;
    const input = { id, invoiceNo: invoice_no, pdf: file.buffer, red: red === '1', reason };
    return ok(await uploadInvoice(deps(), actorOf(request), input), red === '1' ? '发票已红冲' : '发票已上传');
  });

  // Success is the file itself; refusals (发票尚未开具) come back as the envelope like any other call.
  app.get(
    ConsoleInvoicePath.pdf,
    { ...act, schema: { querystring: consoleInvoicePdfQuerySchema } },
    async (request, reply) =>
      sendPdf(reply, await invoicePdf(app.db, null, request.query.id, request.query.red === '1')),
  );
};
