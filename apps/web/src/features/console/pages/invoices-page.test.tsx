import { type ConsoleInvoice, ConsoleInvoicePath } from '@dso/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, type Mock, vi } from 'vitest';
import { answerRequests } from '../../../components/testing/answer-requests';
import { renderAtRoute } from '../../../components/testing/render-route';
import { requestFile } from '../../../lib/api/client';
import { saveFile } from '../../../lib/save-file';
import { expectReasonRequired, staffMe, submitReason } from '../testing';
import InvoicesPage from './invoices-page';

vi.mock('../../../lib/api/client', () => ({ request: vi.fn(), requestFile: vi.fn() }));
vi.mock('../../../lib/save-file', () => ({ saveFile: vi.fn() }));

/** An antd table and its dialog mount slowly in jsdom on a shared machine. */
const PAGE_TEST_TIMEOUT = 60_000;

const finance = staffMe('财务', ['orders.read', 'orders.act']);

function invoiceRow(overrides: Partial<ConsoleInvoice> = {}): ConsoleInvoice {
  return {
    id: 'F20260101ABCDEF',
    kind: 'normal',
    title_type: 'company',
    title: '北京示例科技有限公司',
    tax_no: '91110108MA01ABCD1X',
    amount: 69_900,
    status: 'pending',
    invoice_no: null,
    order_ids: ['D202601010000001234567890'],
    create_time: 1_767_225_600,
    issue_time: null,
    failure: null,
    user_id: 42,
    member_phone: '13812345678',
    address: null,
    phone: null,
    bank_name: null,
    bank_account: null,
    email: null,
    red_invoice_no: null,
    red_reason: null,
    reddened_time: null,
    ...overrides,
  };
}

const page =
  (list: ConsoleInvoice[], manual = false) =>
  () => ({ list, total: list.length, manual });
const render = () => renderAtRoute(<InvoicesPage me={finance} />, { path: '/admin/invoices', url: '/admin/invoices' });

describe('the invoices page', () => {
  it(
    'lists waiting requests and issues one through the provider only with a reason',
    async () => {
      const calls = answerRequests({
        [ConsoleInvoicePath.list]: page([invoiceRow()]),
        [ConsoleInvoicePath.issue]: () => ({ invoice: invoiceRow({ status: 'issued' }), audit_id: 7 }),
      });
      render();
      await screen.findByText('北京示例科技有限公司');
      expect(screen.getByText('13812345678')).toBeTruthy();
      expect(screen.getByText('¥699.00')).toBeTruthy();
      expect(screen.getByText('D202601010000001234567890')).toBeTruthy();
      expect(calls[0]).toMatchObject({ path: ConsoleInvoicePath.list, query: { status: 'pending', page_no: 1 } });
      fireEvent.click(screen.getByRole('button', { name: /^开\s*具$/ }));
      const dialog = await screen.findByRole('dialog');
      await expectReasonRequired(dialog, '确认开具', calls, ConsoleInvoicePath.issue);
      submitReason(dialog, '客户催开', '确认开具');
      await waitFor(() =>
        expect(calls.filter((call) => call.path === ConsoleInvoicePath.issue)).toEqual([
          expect.objectContaining({ body: { id: 'F20260101ABCDEF', reason: '客户催开' } }),
        ]),
      );
    },
    PAGE_TEST_TIMEOUT,
  );

  it(
    'uploads the PDF issued by hand when invoices are issued by hand',
    async () => {
      const calls = answerRequests({
        [ConsoleInvoicePath.list]: page([invoiceRow()], true),
        [ConsoleInvoicePath.upload]: () => ({ invoice: invoiceRow({ status: 'issued' }), audit_id: 8 }),
      });
      render();
      await screen.findByText('当前为手工开票：在税务平台开具后上传发票PDF，红冲时上传红字发票。');
      expect(screen.queryByRole('button', { name: /^开\s*具$/ })).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: '上传发票' }));
      const dialog = await screen.findByRole('dialog');
      fireEvent.change(within(dialog).getByLabelText('发票号码'), { target: { value: '25117000000012345678' } });
      const file = new File(['%PDF-1.4\n%%EOF\n'], 'invoice.pdf', { type: 'application/pdf' });
      fireEvent.change(dialog.querySelector('input[type=file]')!, { target: { files: [file] } });
      await within(dialog).findByText('invoice.pdf');
      submitReason(dialog, '税务平台已开', '确认上传');
      await waitFor(() => expect(calls.filter((call) => call.path === ConsoleInvoicePath.upload)).toHaveLength(1));
      const form = calls.find((call) => call.path === ConsoleInvoicePath.upload)!.body as unknown as FormData;
      expect(Object.fromEntries([...form.entries()].filter(([name]) => name !== 'file'))).toEqual({
        id: 'F20260101ABCDEF',
        invoice_no: '25117000000012345678',
        red: '0',
        reason: '税务平台已开',
      });
      expect((form.get('file') as File).name).toBe('invoice.pdf');
    },
    PAGE_TEST_TIMEOUT,
  );

  it(
    'opens an issued invoice’s PDF and offers 红冲 through the provider',
    async () => {
      const issued = invoiceRow({ status: 'issued', invoice_no: '99000000000000000001' });
      const calls = answerRequests({
        [ConsoleInvoicePath.list]: page([issued]),
        [ConsoleInvoicePath.redden]: () => ({ invoice: { ...issued, status: 'reddened' }, audit_id: 9 }),
      });
      const blob = new Blob(['%PDF-']);
      (requestFile as Mock).mockResolvedValue({ blob, filename: 'invoice-99000000000000000001.pdf' });
      render();
      fireEvent.click(await screen.findByRole('button', { name: '查看发票' }));
      await waitFor(() => expect(saveFile).toHaveBeenCalledWith(blob, 'invoice-99000000000000000001.pdf'));
      expect(requestFile).toHaveBeenCalledWith(
        ConsoleInvoicePath.pdf,
        expect.objectContaining({ query: { id: 'F20260101ABCDEF' } }),
      );
      fireEvent.click(screen.getByRole('button', { name: /^红\s*冲$/ }));
      const dialog = await screen.findByRole('dialog');
      // The reason is printed on the red invoice too: 100 characters at most.
      expect(within(dialog).getByText('0 / 100')).toBeTruthy();
      submitReason(dialog, '抬头有误', '确认红冲');
      await waitFor(() =>
        expect(calls.filter((call) => call.path === ConsoleInvoicePath.redden)).toEqual([
          expect.objectContaining({ body: { id: 'F20260101ABCDEF', reason: '抬头有误' } }),
        ]),
      );
    },
    PAGE_TEST_TIMEOUT,
  );
});
