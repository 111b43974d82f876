import { createHash } from 'node:crypto';
import {
  checkInvoiceRequest,
  type InvoiceProvider,
  type InvoiceRequest,
  InvoiceRequestError,
  type InvoiceSeller,
  type IssuedInvoice,
  type RedInvoiceRequest,
} from './index';
import { findInvoiceFont, type InvoiceFont, InvoiceFontMissingError } from './invoice-font';
import { type InvoicePdfInput, renderInvoicePdf } from './invoice-pdf';

export interface SandboxInvoiceOptions {
  /** Our company as printed in the 销售方 block. */
  seller: InvoiceSeller;
  /** An explicit CJK font file (INVOICE_FONT_PATH); the system locations are searched when absent. */
  fontPath?: string;
  /** The face of a font collection (.ttc) to use; chosen from the collection when absent. */
  fontFamily?: string;
  /** The system font locations to search; `[]` turns the search off. */
  fontCandidates?: readonly InvoiceFont[];
  /** 开票人 printed at the bottom (default '沙盒'). */
  drawer?: string;
  /** The clock for red-letter invoices issued without a date. */
  now?: () => Date;
  /** Deflate the PDF's streams (default true). */
  compress?: boolean;
}

/**
 * The sandbox's 20-digit 发票号码: '99' (no tax region has that code, so it cannot collide with a real
 * 数电发票 number) and 18 digits of the SHA-256 of our invoice id, so a retried id gets the same number.
 */
export function sandboxInvoiceNo(invoiceId: string): string {
  const digest = createHash('sha256').update(invoiceId, 'utf8').digest('hex');
  const digits = BigInt(`0x${digest.slice(0, 32)}`) % 10n ** 18n;
  return `99${digits.toString().padStart(18, '0')}`;
}

/**
 * Issues nothing anywhere: renders the invoice PDF itself, stamped as a sandbox sample. Stateless and
 * deterministic, so the same request (id and date) gives the same number and the same bytes.
 */
export function createSandboxInvoice(options: SandboxInvoiceOptions): InvoiceProvider {
  const drawer = options.drawer ?? '沙盒';
  const now = options.now ?? (() => new Date());
  let font: InvoiceFont | undefined;

  /** Finds the font on first use; a failure is not remembered, so installing a font needs no restart. */
  async function render(input: Omit<InvoicePdfInput, 'font' | 'drawer' | 'seller'>) {
    font ??= findInvoiceFont({
      ...(options.fontPath ? { fontPath: options.fontPath } : {}),
      ...(options.fontFamily ? { fontFamily: options.fontFamily } : {}),
      ...(options.fontCandidates ? { candidates: options.fontCandidates } : {}),
    });
    try {
      return await renderInvoicePdf({
        ...input,
        font,
        drawer,
        seller: options.seller,
        ...(options.compress === undefined ? {} : { compress: options.compress }),
      });
    } catch (error) {
      if (error instanceof InvoiceFontMissingError) font = undefined;
      throw error;
    }
  }

  return {
    name: 'sandbox',

    async issue(request: InvoiceRequest): Promise<IssuedInvoice> {
      checkInvoiceRequest(request);
      const invoiceNo = sandboxInvoiceNo(request.invoiceId);
      const pdf = await render({ request, invoiceNo, issuedAt: request.issuedAt });
      return { invoiceNo, pdf, issuedAt: request.issuedAt };
    },

    async redden(input: RedInvoiceRequest): Promise<IssuedInvoice> {
      checkInvoiceRequest(input.original);
      if (input.invoiceId.trim() === '' || input.invoiceId === input.original.invoiceId) {
        throw new InvoiceRequestError('红字发票需要自己的发票编号');
      }
      // The sandbox numbers its invoices from their ids, so it can tell a mismatched original.
      if (input.invoiceNo !== sandboxInvoiceNo(input.original.invoiceId)) {
        throw new InvoiceRequestError('红冲的发票号码与原发票不符');
      }
      if (input.reason.trim() === '') throw new InvoiceRequestError('请填写红冲原因');
      const invoiceNo = sandboxInvoiceNo(input.invoiceId);
      const issuedAt = input.issuedAt ?? now();
      const pdf = await render({
        request: input.original,
        invoiceNo,
        issuedAt,
        red: { originalNo: input.invoiceNo, reason: input.reason },
      });
      return { invoiceNo, pdf, issuedAt };
    },
  };
}
