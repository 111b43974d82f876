import { z } from 'zod';
import { consoleReasonSchema } from './console';
import { pageNoSchema } from './input';
import { invoiceIdQuerySchema, invoiceItemSchema, invoiceStatusSchema } from './orders';
import { totalListSchema, unixSecondsSchema } from './shapes';

/*
 * The operator's console (docs/console.md), 发票: the queue of invoice requests, issuing, 红冲 and retries.
 * Every call answers the console's envelope (console.ts): 800/801 without a live staff session, 403 无权限访问
 * for a role that may not. Instants are Unix seconds; money is integer fen.
 */

/** Messages of this page's calls (the orders feature's own words for the invoice's states come from the server). */
export const consoleInvoiceMessages = {
  invoiceNoInvalid: '请输入正确的发票号码',
  pdfOnly: '请上传PDF格式的发票文件',
  pdfTooLarge: '发票文件不能超过 10MB',
  reddenReasonTooLong: '红冲原因最多100字',
  alreadyReddened: '该发票已红冲',
  waiting: '该发票正在等待开具',
  failedUseRetry: '该发票开具失败，请使用重试',
} as const;

const m = consoleInvoiceMessages;

/** How each state reads on the page. */
export const consoleInvoiceStatusLabels = {
  pending: '待开具',
  issued: '已开具',
  reddened: '已红冲',
  failed: '开具失败',
} as const;

/** The queue's page size. */
export const CONSOLE_INVOICE_PAGE_SIZE = 20;
/** The largest invoice file staff may upload (a 数电发票 PDF is well under 1 MB). */
export const CONSOLE_INVOICE_PDF_MAX_BYTES = 10 * 1024 * 1024;
/** The longest 红冲原因: it is printed in the red invoice's 备注. */
export const CONSOLE_REDDEN_REASON_MAX = 100;

/** 发票号码: 8 digits (pre-数电) or 20 (数电发票); letters for platforms that use them. */
export const invoiceNoSchema = z
  .string({ error: m.invoiceNoInvalid })
  .trim()
  .regex(/^[0-9A-Za-z]{8,32}$/, m.invoiceNoInvalid)
  .transform((value) => value.toUpperCase());

/** `GET /api/console/invoices?status=&page_no=`: the queue, newest first, 20 a page. */
export const consoleInvoiceQuerySchema = z.object({
  status: invoiceStatusSchema.optional(),
  page_no: pageNoSchema,
});
export type ConsoleInvoiceQuery = z.input<typeof consoleInvoiceQuerySchema>;

/** A request in the queue: what the member sees, plus the member, the full title and the red invoice. */
export const consoleInvoiceSchema = invoiceItemSchema.extend({
  user_id: z.number().int(),
  /** The member's phone; null once the account is closed. */
  member_phone: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  bank_name: z.string().nullable(),
  bank_account: z.string().nullable(),
  email: z.string().nullable(),
  red_invoice_no: z.string().nullable(),
  red_reason: z.string().nullable(),
  reddened_time: unixSecondsSchema.nullable(),
});
export type ConsoleInvoice = z.infer<typeof consoleInvoiceSchema>;

export const consoleInvoicePageSchema = totalListSchema(consoleInvoiceSchema).extend({
  /** True when invoices are issued by hand (INVOICE_PROVIDER=manual): issue and 红冲 then take an uploaded PDF. */
  manual: z.boolean(),
});
export type ConsoleInvoicePage = z.infer<typeof consoleInvoicePageSchema>;

/** `POST …/issue` (a waiting request, through the provider) and `POST …/retry` (a failed one, queued again). */
export const consoleInvoiceActionBodySchema = invoiceIdQuerySchema.extend({ reason: consoleReasonSchema });
export type ConsoleInvoiceActionBody = z.input<typeof consoleInvoiceActionBodySchema>;

/** 红冲原因: the reason the audit log keeps, printed on the red invoice too, so at most 100 characters. */
export const consoleReddenReasonSchema = consoleReasonSchema.refine(
  (reason) => Array.from(reason).length <= CONSOLE_REDDEN_REASON_MAX,
  m.reddenReasonTooLong,
);

/** `POST …/redden {id, reason}`: 红冲 through the invoice provider. */
export const consoleReddenBodySchema = invoiceIdQuerySchema.extend({ reason: consoleReddenReasonSchema });
export type ConsoleReddenBody = z.input<typeof consoleReddenBodySchema>;

/**
 * `POST …/upload`, multipart: `file` (the PDF) and the fields below. The blue invoice turns a waiting or
 * failed request issued (invoice.upload); with `red=1` the red-letter one turns an issued invoice reddened
 * (invoice.redden, by hand).
 */
export const consoleInvoiceUploadFieldsSchema = z.object({
  id: invoiceIdQuerySchema.shape.id,
  invoice_no: invoiceNoSchema,
  red: z.enum(['0', '1']).default('0'),
  reason: consoleReasonSchema,
});
export type ConsoleInvoiceUploadFields = z.input<typeof consoleInvoiceUploadFieldsSchema>;

/** `GET …/pdf?id=&red=1`: the blue invoice's file, or with `red=1` the red one's. */
export const consoleInvoicePdfQuerySchema = invoiceIdQuerySchema.extend({ red: z.enum(['0', '1']).optional() });

/** What each action answers: the invoice as it now is, and the audit entry written. */
export const consoleInvoiceActionResultSchema = z.object({ invoice: consoleInvoiceSchema, audit_id: z.number().int() });
export type ConsoleInvoiceActionResult = z.infer<typeof consoleInvoiceActionResultSchema>;

/** Paths of this page's calls. */
export const ConsoleInvoicePath = {
  list: '/api/console/invoices',
  issue: '/api/console/invoices/issue',
  upload: '/api/console/invoices/upload',
  redden: '/api/console/invoices/redden',
  retry: '/api/console/invoices/retry',
  pdf: '/api/console/invoices/pdf',
} as const;
