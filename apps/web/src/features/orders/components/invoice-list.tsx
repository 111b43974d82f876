import { DownloadOutlined } from '@ant-design/icons';
import type { InvoiceItem } from '@dso/contract';
import { formatTime, yuanText } from '@dso/domain';
import { Button } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { saveFile } from '../../../lib/save-file';
import { usePagedList } from '../../../lib/use-paged-list';
import { fetchInvoicePdf, INVOICE_PAGE_SIZE, invoiceListQuery } from '../api/invoice-api';
import { invoiceKindText, invoiceTitleTypeText } from './invoice-request-dialog';
import { InvoiceStatusTag } from './invoice-status';
import { PagedTable } from './paged-table';

function DownloadButton({ invoice }: { invoice: InvoiceItem }) {
  const [loading, setLoading] = useState(false);
  const download = async () => {
    setLoading(true);
    try {
      const { blob, filename } = await fetchInvoicePdf(invoice.id);
      saveFile(blob, filename ?? `发票-${invoice.invoice_no ?? invoice.id}.pdf`);
    } catch {
      // The API client has told the user.
    } finally {
      setLoading(false);
    }
  };
  return (
    <Button type="link" size="small" icon={<DownloadOutlined />} loading={loading} onClick={() => void download()}>
      下载发票
    </Button>
  );
}

const columns: ColumnsType<InvoiceItem> = [
  { title: '申请时间', dataIndex: 'create_time', width: 170, render: (value: number) => formatTime(value) },
  { title: '发票类型', dataIndex: 'kind', width: 130, render: (value: InvoiceItem['kind']) => invoiceKindText[value] },
  {
    title: '抬头',
    dataIndex: 'title',
    render: (value: string, invoice) => (
      <div className="orders-invoice-title">
        <span>{value}</span>
        <span className="orders-muted">
          {invoiceTitleTypeText[invoice.title_type]}
          {invoice.tax_no ? ` · ${invoice.tax_no}` : ''}
        </span>
      </div>
    ),
  },
  { title: '金额', dataIndex: 'amount', width: 110, render: (value: number) => `¥${yuanText(value)}` },
  { title: '订单数', dataIndex: 'order_ids', width: 80, render: (value: string[]) => value.length },
  {
    title: '状态',
    dataIndex: 'status',
    width: 200,
    render: (value: InvoiceItem['status'], invoice) => <InvoiceStatusTag status={value} failure={invoice.failure} />,
  },
  { title: '发票号码', dataIndex: 'invoice_no', width: 150, render: (value: string | null) => value ?? '—' },
  {
    title: '操作',
    key: 'action',
    width: 120,
    render: (_value, invoice) => (invoice.status === 'issued' ? <DownloadButton invoice={invoice} /> : '—'),
  },
];

/** The caller's invoices: state 待开具 / 已开具 / 已红冲 / 开具失败, and the PDF of an issued one. */
export function InvoiceList() {
  const invoices = usePagedList(invoiceListQuery, INVOICE_PAGE_SIZE);
  return (
    <div className="orders-invoices" data-testid="invoice-list">
      <PagedTable<InvoiceItem> rowKey="id" columns={columns} list={invoices} scrollX={1000} emptyText="暂无开票记录" />
    </div>
  );
}
