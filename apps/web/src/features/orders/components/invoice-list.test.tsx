import { type InvoiceItem, OrderPath } from '@dso/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { renderWidget } from '../../../components/testing/render-widget';
import { request, requestFile } from '../../../lib/api/client';
import { InvoiceList } from './invoice-list';

vi.mock('../../../lib/api/client', () => ({ request: vi.fn(), requestFile: vi.fn() }));
const requestMock = request as unknown as Mock<(path: string, options?: { body?: unknown }) => unknown>;
const requestFileMock = requestFile as unknown as Mock<
  (path: string, options?: { query?: Record<string, unknown> }) => Promise<{ blob: Blob; filename: string | null }>
>;

function invoiceOf(id: string, overrides: Partial<InvoiceItem> = {}): InvoiceItem {
  return {
    id,
    kind: 'normal',
    title_type: 'company',
    title: '杭州示例科技有限公司',
    tax_no: '91330100MA2H3X4Y5Z',
    amount: 289900,
    status: 'pending',
    invoice_no: null,
    order_ids: ['O1'],
    create_time: 1_735_689_600,
    issue_time: null,
    failure: null,
    ...overrides,
  };
}

const invoices = [
  invoiceOf('I1'),
  invoiceOf('I2', { status: 'issued', invoice_no: '25330000000000000001', issue_time: 1_735_700_000 }),
  invoiceOf('I3', { status: 'reddened', invoice_no: '25330000000000000002', kind: 'special' }),
  invoiceOf('I4', { status: 'failed', failure: '购方税号与名称不一致', title_type: 'personal', tax_no: null }),
];

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('InvoiceList', () => {
  beforeEach(() => {
    requestMock.mockReset();
    requestFileMock.mockReset();
    requestMock.mockImplementation(async (path) => {
      if (path === OrderPath.invoiceList) return { list: invoices, total: invoices.length };
      throw new Error(`unexpected ${path}`);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows each invoice as 待开具, 已开具, 已红冲 or 开具失败 with the reason', async () => {
    renderWidget(<InvoiceList />, { viewer: 'SVIP' });
    await screen.findByText('25330000000000000001');
    const rows = [...document.querySelectorAll('tbody tr.ant-table-row')];
    expect(rows.map((row) => row.querySelectorAll('td')[5]?.textContent)).toEqual([
      '待开具',
      '已开具',
      '已红冲',
      '开具失败购方税号与名称不一致',
    ]);
    expect(rowOf('25330000000000000002').textContent).toContain('增值税专用发票');
    expect(rows[0]?.textContent).toContain('¥2899');
    expect(rows[0]?.textContent).toContain('单位 · 91330100MA2H3X4Y5Z');
    // Only an issued invoice has a PDF to download.
    expect(screen.getAllByRole('button', { name: /下载发票/ })).toHaveLength(1);
    expect(within(rowOf('25330000000000000001')).getByRole('button', { name: /下载发票/ })).toBeTruthy();
  });

  it('downloads the issued invoice as a PDF through the signed client', async () => {
    const createObjectURL = vi.fn(() => 'blob:invoice');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download}|${this.href}`);
    });
    const pdf = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    requestFileMock.mockResolvedValue({ blob: pdf, filename: null });
    renderWidget(<InvoiceList />, { viewer: 'SVIP' });
    fireEvent.click(await screen.findByRole('button', { name: /下载发票/ }));
    await waitFor(() => expect(saved).toEqual(['发票-25330000000000000001.pdf|blob:invoice']));
    expect(requestFileMock).toHaveBeenCalledWith(OrderPath.invoicePdf, { query: { id: 'I2' } });
    expect(createObjectURL).toHaveBeenCalledWith(pdf);
  });
});
