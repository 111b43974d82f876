import { type InvoiceInsertBody, type InvoiceItem, type InvoiceTitle, OrderPath } from '@dso/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request, requestFile } from '../../../lib/api/client';

/** Invoices per page of the invoice list. */
export const INVOICE_PAGE_SIZE = 10;

/** One page of the caller's invoices (contract `invoiceListSchema`). */
export interface InvoiceList {
  list: InvoiceItem[];
  total: number;
}

/** `GET /api/invoice/title`: the title saved by the last request, or null. */
export function fetchSavedInvoiceTitle(signal?: AbortSignal) {
  return request<InvoiceTitle | null>(OrderPath.invoiceTitle, { signal });
}

export const savedInvoiceTitleQuery = () =>
  queryOptions({
    queryKey: ['orders', 'invoice-title'],
    queryFn: ({ signal }) => fetchSavedInvoiceTitle(signal),
  });

/** `POST /api/invoice/insert`: one invoice for one or several paid orders; the title is saved for next time. */
export function insertInvoice(body: InvoiceInsertBody) {
  return request<InvoiceItem>(OrderPath.invoiceInsert, { method: 'POST', body });
}

/** `POST /api/invoice/list`: the caller's invoices, newest first. */
export function fetchInvoiceList(page: number, signal?: AbortSignal) {
  return request<InvoiceList>(OrderPath.invoiceList, {
    method: 'POST',
    body: { page_no: page, page_size: INVOICE_PAGE_SIZE },
    signal,
  });
}

/** How often the list is read again while an invoice is being issued. */
const INVOICE_POLL_MS = 3000;

/** Every query of the invoice list starts with this key. */
export const invoiceListKey = ['orders', 'invoices'] as const;

export const invoiceListQuery = (page: number) =>
  queryOptions({
    queryKey: [...invoiceListKey, page],
    queryFn: ({ signal }) => fetchInvoiceList(page, signal),
    placeholderData: keepPreviousData,
    // Invoices are issued by a job: while one waits (待开具), look again every few seconds.
    refetchInterval: (query) =>
      query.state.data?.list.some((invoice) => invoice.status === 'pending') ? INVOICE_POLL_MS : false,
  });

/** `GET /api/invoice/pdf?id=`: the issued invoice's PDF, through the signed client. */
export function fetchInvoicePdf(id: string) {
  return requestFile(OrderPath.invoicePdf, { query: { id } });
}
