/**
 * Invoice providers: membership orders get a 增值税电子普通发票 or 专用发票 on request. The orders
 * feature speaks to every vendor through these types only. Amounts are integer fen and tax-inclusive
 * (what the buyer paid); each adapter splits or converts them at its own edge.
 */

/** 普通发票 (plain VAT invoice) or 增值税专用发票 (special VAT invoice, lets a company deduct the input tax). */
export type InvoiceKind = 'normal' | 'special';

/** 个人 (a person) or 单位 (a company or other organisation with a tax number). */
export type InvoiceTitleType = 'personal' | 'company';

/** One line of the item table: one paid order. */
export interface InvoiceLine {
  /** 项目名称 with its tax classification in asterisks, e.g. '*信息技术服务*DSO 个人版会员 12个月'. */
  name: string;
  /** What the buyer paid for this order, tax included, in fen (> 0). */
  amountFen: number;
  /** Our order id, printed in the 备注 so the invoice can be traced back. */
  orderId: string;
}

/** What the orders feature asks a vendor to issue. */
export interface InvoiceRequest {
  /**
   * Our invoice id: unique and stable across retries. A provider treats a repeated id as the same
   * invoice (the vendor's serial number / 流水号), so a retry never issues a second one.
   */
  invoiceId: string;
  kind: InvoiceKind;
  titleType: InvoiceTitleType;
  /** The buyer's name (抬头): a person's name or the company's registered name. */
  title: string;
  /** 统一社会信用代码 / 纳税人识别号, 18 characters; required for company titles. */
  taxNo?: string;
  /** 专票: the buyer's registered address (地址). */
  address?: string;
  /** 专票: the buyer's phone (电话). */
  phone?: string;
  /** 专票: the buyer's bank (开户行). */
  bankName?: string;
  /** 专票: the buyer's bank account (账号). */
  bankAccount?: string;
  /** Where the invoice is delivered; vendors that mail it themselves send it here. */
  email?: string;
  /** The item table, one line per paid order; at least one, at most {@link MAX_INVOICE_LINES}. */
  lines: InvoiceLine[];
  /** 开票日期 asked for; vendors that stamp their own date report it in {@link IssuedInvoice.issuedAt}. */
  issuedAt: Date;
}

/** What an issued (blue or red) invoice is known by. */
export interface IssuedInvoice {
  /** 发票号码: 20 digits for 数电发票 (全电发票). */
  invoiceNo: string;
  /** 发票代码: only pre-数电 invoices have one (12 digits); absent for 数电发票 and the sandbox. */
  invoiceCode?: string;
  /** The invoice as a PDF file, for download and the delivery email. */
  pdf: Buffer;
  /** 开票日期 as the vendor records it. */
  issuedAt: Date;
}

/** What a red-letter invoice (红字发票) needs. */
export interface RedInvoiceRequest {
  /** Our id for the red invoice itself (not the original's); stable across retries like any invoice id. */
  invoiceId: string;
  /** 发票号码 of the blue invoice being cancelled. */
  invoiceNo: string;
  /** 红冲原因, e.g. '开票有误' or '销售退回', shown in the 备注. */
  reason: string;
  /** The request the blue invoice was issued from: the red one repeats its lines with negative amounts. */
  original: InvoiceRequest;
  /** 开票日期 asked for; the provider's clock when absent. */
  issuedAt?: Date;
}

/** One interface for every e-invoice platform; the sandbox (renders the PDF itself) is the default. */
export interface InvoiceProvider {
  /** 'sandbox' for the built-in renderer, else the platform's name. */
  readonly name: string;
  /** Issues a blue invoice. Issuing an id again returns the same invoice, never a second one. */
  issue(request: InvoiceRequest): Promise<IssuedInvoice>;
  /** 红冲: issues a red-letter invoice cancelling an issued one in full. */
  redden(request: RedInvoiceRequest): Promise<IssuedInvoice>;
}

/** The seller (销售方) printed on every invoice: our company as registered with the tax bureau. */
export interface InvoiceSeller {
  /** Registered company name. */
  name: string;
  /** 统一社会信用代码 / 纳税人识别号. */
  taxNo: string;
  /** Registered address (地址). */
  address: string;
  /** Phone (电话). */
  phone: string;
  /** 开户行及账号, e.g. '招商银行北京分行 110912345610101'. */
  bank: string;
}

/** VAT rate of 信息技术服务 (a modern service, 6%). */
export const VAT_RATE_PERCENT = 6;

/** Lines one invoice may carry; more orders go on separate invoices. */
export const MAX_INVOICE_LINES = 100;

/** The most one invoice may total, in fen (100亿 yuan): far above any order, and within what capitals are written for. */
export const MAX_INVOICE_TOTAL_FEN = 1_000_000_000_000;

/** 统一社会信用代码 (GB 32100): 18 characters, digits and capitals without I, O, S, V, Z. */
const TAX_NO = /^[0-9A-HJ-NPQRTUWXY]{18}$/;

/** The amount (金额, tax excluded) and the tax (税额) of a tax-inclusive total, in fen. */
export interface TaxSplit {
  amountFen: number;
  taxFen: number;
}

/**
 * Splits a tax-inclusive total into amount and tax in whole fen: tax = round(total × rate / (100 + rate)),
 * half away from zero, amount = total − tax, so the two always add back to the total. Negative totals
 * (red-letter lines) split as the mirror of their positive counterparts.
 */
export function splitTax(totalFen: number, ratePercent = VAT_RATE_PERCENT): TaxSplit {
  if (!Number.isSafeInteger(totalFen)) throw new RangeError(`not a whole number of fen: ${totalFen}`);
  const sign = totalFen < 0 ? -1 : 1;
  const abs = Math.abs(totalFen);
  const divisor = 100 + ratePercent;
  // Integer half-up rounding: floor((abs × rate + divisor / 2) / divisor), with the halving done by doubling.
  const taxAbs = Math.floor((2 * abs * ratePercent + divisor) / (2 * divisor));
  // `+ 0` turns -0 (from a zero total or tax) into 0, so a red line of 0 fen prints '0.00', not '-0.00'.
  const taxFen = sign * taxAbs + 0;
  return { amountFen: totalFen - taxFen + 0, taxFen };
}

/** A request an invoice cannot be issued from; the message is Chinese and may be shown to the user. */
export class InvoiceRequestError extends Error {
  override readonly name = 'InvoiceRequestError';
}

/**
 * Checks the rules every platform enforces before anything is sent: a title, a valid tax number for
 * companies, 专票 only for companies, and 1–100 lines of positive whole fen within the total limit.
 */
export function checkInvoiceRequest(request: InvoiceRequest): void {
  if (request.invoiceId.trim() === '') throw new InvoiceRequestError('发票编号不能为空');
  if (request.title.trim() === '') throw new InvoiceRequestError('请填写发票抬头');
  if (request.kind === 'special' && request.titleType !== 'company') {
    throw new InvoiceRequestError('增值税专用发票只能开给单位');
  }
  if (request.titleType === 'company' && !TAX_NO.test(request.taxNo ?? '')) {
    throw new InvoiceRequestError('请填写正确的18位统一社会信用代码（纳税人识别号）');
  }
  if (request.lines.length === 0) throw new InvoiceRequestError('发票至少要有一个项目');
  if (request.lines.length > MAX_INVOICE_LINES) {
    throw new InvoiceRequestError(`一张发票最多${MAX_INVOICE_LINES}个项目`);
  }
  for (const line of request.lines) {
    if (!Number.isSafeInteger(line.amountFen) || line.amountFen <= 0) {
      throw new InvoiceRequestError(`项目金额无效：${line.name}`);
    }
    if (line.name.trim() === '') throw new InvoiceRequestError('项目名称不能为空');
  }
  if (request.lines.reduce((sum, line) => sum + line.amountFen, 0) > MAX_INVOICE_TOTAL_FEN) {
    throw new InvoiceRequestError('发票金额超出上限');
  }
  if (Number.isNaN(request.issuedAt.getTime())) throw new InvoiceRequestError('开票日期无效');
}
