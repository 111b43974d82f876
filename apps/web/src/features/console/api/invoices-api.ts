import {
  type ConsoleInvoiceActionBody,
  type ConsoleInvoiceActionResult,
  type ConsoleInvoicePage,
  ConsoleInvoicePath,
  type ConsoleReddenBody,
  type InvoiceStatus,
} from '@dso/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { consoleFile, consoleGet, consolePost } from './console-request';

/** The 发票 page's calls (docs/console.md, "Invoices"). */

export const invoicesKey = ['console', 'invoices'] as const;

/** While a request waits for the issuing job, look again every few seconds. */
const REFRESH_MS = 3_000;

/** `GET /api/console/invoices`: the queue, newest first, 20 a page. */
export const consoleInvoicesQuery = (query: { status?: InvoiceStatus | undefined; page_no: number }) =>
  queryOptions({
    queryKey: [...invoicesKey, query],
    queryFn: () => consoleGet<ConsoleInvoicePage>(ConsoleInvoicePath.list, query),
    placeholderData: keepPreviousData,
    refetchInterval: (current) =>
      current.state.data?.list.some((invoice) => invoice.status === 'pending') && !current.state.data.manual
        ? REFRESH_MS
        : false,
  });

export const issueConsoleInvoice = (body: ConsoleInvoiceActionBody) =>
  consolePost<ConsoleInvoiceActionResult>(ConsoleInvoicePath.issue, body);

export const reddenConsoleInvoice = (body: ConsoleReddenBody) =>
  consolePost<ConsoleInvoiceActionResult>(ConsoleInvoicePath.redden, body);

export const retryConsoleInvoice = (body: ConsoleInvoiceActionBody) =>
  consolePost<ConsoleInvoiceActionResult>(ConsoleInvoicePath.retry, body);

/** `POST …/upload`: the PDF issued by hand (the blue one, or with `red` the red-letter one). */
export function uploadConsoleInvoice(input: {
  id: string;
  invoiceNo: string;
  red: boolean;
  reason: string;
  file: File;
}) {
  const form = new FormData();
  form.append('id', input.id);
  form.append('invoice_no', input.invoiceNo);
  form.append('red', input.red ? '1' : '0');
  form.append('reason', input.reason);
  form.append('file', input.file, input.file.name);
  return consolePost<ConsoleInvoiceActionResult>(ConsoleInvoicePath.upload, form);
}

/** `GET …/pdf`: an issued invoice's file (or with `red` the red-letter one's). */
export const consoleInvoicePdf = (id: string, red = false) =>
  consoleFile(ConsoleInvoicePath.pdf, { id, ...(red ? { red: '1' } : {}) });
