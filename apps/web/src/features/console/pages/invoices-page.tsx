import {
  CONSOLE_INVOICE_PAGE_SIZE,
  type ConsoleInvoice,
  type ConsoleMe,
  consoleInvoiceStatusLabels,
  type InvoiceStatus,
} from '@dso/contract';
import { Alert, Button, Segmented, Space, Typography } from 'antd';
import { useState } from 'react';
import { saveFile } from '../../../lib/save-file';
import { usePagedList } from '../../../lib/use-paged-list';
import { showConsoleRefusal } from '../api/console-request';
import { consoleInvoicePdf, consoleInvoicesQuery } from '../api/invoices-api';
import { PagedTable, stateTag } from '../components/console-table';
import { type InvoiceDialog, InvoiceDialogs } from '../components/invoice-dialogs';
import { timeText, yuanText } from '../console-format';

const statusColors: Record<InvoiceStatus, string> = {
  pending: 'processing',
  issued: 'success',
  reddened: 'default',
  failed: 'error',
};
const kindText = { normal: '普通发票', special: '专用发票' } as const;
const filters = [
  { value: 'all', label: '全部' },
  ...Object.entries(consoleInvoiceStatusLabels).map(([value, label]) => ({ value, label })),
];

/** Opens (saves) an invoice's PDF; a refusal was shown by the client. */
async function openPdf(invoice: ConsoleInvoice, red: boolean) {
  try {
    const { blob, filename } = await consoleInvoicePdf(invoice.id, red);
    saveFile(blob, filename ?? `invoice-${invoice.id}.pdf`);
  } catch (error) {
    showConsoleRefusal(error);
  }
}

/** The buttons a row offers, by its state and by whether invoices are issued by hand. */
function RowActions(props: { invoice: ConsoleInvoice; manual: boolean; open(dialog: InvoiceDialog): void }) {
  const { invoice, manual, open } = props;
  const button = (label: string, kind: NonNullable<InvoiceDialog>['kind'], danger = false) => (
    <Button key={kind} size="small" type="link" danger={danger} onClick={() => open({ kind, invoice })}>
      {label}
    </Button>
  );
  const pdf = (label: string, red: boolean) => (
    <Button key={label} size="small" type="link" onClick={() => void openPdf(invoice, red)}>
      {label}
    </Button>
  );
  const buttons = {
    pending: [!manual && button('开具', 'issue'), button('上传发票', 'upload')],
    failed: [!manual && button('重试', 'retry'), button('上传发票', 'upload')],
    issued: [pdf('查看发票', false), manual ? button('红冲', 'upload-red', true) : button('红冲', 'redden', true)],
    reddened: [pdf('查看发票', false), pdf('红字发票', true)],
  }[invoice.status];
  return <Space size={0}>{buttons.filter(Boolean)}</Space>;
}

/** 发票 (管理员, 财务): members' invoice requests, issued through the provider or by upload, 红冲 and retries. */
export default function InvoicesPage(_props: { me: ConsoleMe }) {
  const [status, setStatus] = useState<InvoiceStatus | 'all'>('pending');
  const [dialog, setDialog] = useState<InvoiceDialog>(null);
  const invoices = usePagedList(
    (page) => consoleInvoicesQuery({ status: status === 'all' ? undefined : status, page_no: page }),
    CONSOLE_INVOICE_PAGE_SIZE,
  );
  const manual = invoices.data?.manual ?? false;
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <h2>发票</h2>
      {manual && (
        <Alert type="info" showIcon message="当前为手工开票：在税务平台开具后上传发票PDF，红冲时上传红字发票。" />
      )}
      <Segmented
        options={filters}
        value={status}
        onChange={invoices.filtered((value) => setStatus(value as InvoiceStatus | 'all'))}
      />
      <PagedTable<ConsoleInvoice>
        rowKey="id"
        list={invoices}
        loading={invoices.isFetching && !invoices.data}
        columns={[
          { title: '申请时间', dataIndex: 'create_time', width: 150, render: timeText },
          {
            title: '会员',
            dataIndex: 'member_phone',
            render: (phone: string | null, row) => phone ?? `用户 ${row.user_id}（已注销）`,
          },
          {
            title: '抬头',
            dataIndex: 'title',
            render: (title: string, row) => (
              <Space direction="vertical" size={0}>
                <span>{title}</span>
                <Typography.Text type="secondary">{kindText[row.kind]}</Typography.Text>
                {row.tax_no && (
                  <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                    {row.tax_no}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          { title: '金额', dataIndex: 'amount', render: yuanText },
          {
            title: '订单',
            dataIndex: 'order_ids',
            render: (ids: string[]) => (
              <Space direction="vertical" size={0}>
                {ids.map((id) => (
                  <Typography.Text key={id} copyable style={{ whiteSpace: 'nowrap' }}>
                    {id}
                  </Typography.Text>
                ))}
              </Space>
            ),
          },
          {
            title: '状态',
            dataIndex: 'status',
            render: (value: InvoiceStatus, row) => (
              <Space direction="vertical" size={0}>
                {stateTag(consoleInvoiceStatusLabels, statusColors)(value)}
                {row.failure && <Typography.Text type="danger">{row.failure}</Typography.Text>}
                {row.red_reason && <Typography.Text type="secondary">红冲原因：{row.red_reason}</Typography.Text>}
              </Space>
            ),
          },
          {
            title: '发票号码',
            dataIndex: 'invoice_no',
            render: (no: string | null, row) => (
              <Space direction="vertical" size={0}>
                <span>{no ?? '—'}</span>
                {row.red_invoice_no && <Typography.Text type="secondary">红字 {row.red_invoice_no}</Typography.Text>}
              </Space>
            ),
          },
          {
            title: '操作',
            key: 'actions',
            render: (_, row) => <RowActions invoice={row} manual={manual} open={setDialog} />,
          },
        ]}
      />
      <InvoiceDialogs dialog={dialog} onClose={() => setDialog(null)} />
    </Space>
  );
}
