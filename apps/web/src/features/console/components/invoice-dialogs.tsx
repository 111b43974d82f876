import { CONSOLE_REDDEN_REASON_MAX, type ConsoleInvoice, consoleInvoiceMessages } from '@dso/contract';
import { Button, Form, Input, Upload, type UploadFile } from 'antd';
import { useConsoleAction } from '../api/console-request';
import {
  invoicesKey,
  issueConsoleInvoice,
  reddenConsoleInvoice,
  retryConsoleInvoice,
  uploadConsoleInvoice,
} from '../api/invoices-api';
import { yuanText } from '../console-format';
import { ReasonDialog } from './reason-dialog';

/** What a staff member is about to do to an invoice; null when no dialog is open. */
export type InvoiceDialog = {
  kind: 'issue' | 'retry' | 'redden' | 'upload' | 'upload-red';
  invoice: ConsoleInvoice;
} | null;

const titles = {
  issue: { title: '开具发票', okText: '确认开具', done: '发票已开具' },
  retry: { title: '重试开票', okText: '确认重试', done: '已重新提交开票' },
  redden: { title: '红冲发票', okText: '确认红冲', done: '发票已红冲' },
  upload: { title: '上传发票', okText: '确认上传', done: '发票已上传' },
  'upload-red': { title: '上传红字发票', okText: '确认红冲', done: '发票已红冲' },
} as const;

const summaries = {
  issue: '将通过开票服务开具该发票。',
  retry: '将重新提交开票，由开票任务稍后开具。',
  redden: '将开具红字发票全额冲销该发票，原订单可重新申请开票。',
  upload: '上传在税务平台开具的发票PDF，发票将变为已开具。',
  'upload-red': '上传在税务平台开具的红字发票PDF，发票将变为已红冲，原订单可重新申请开票。',
} as const;

/** A 红冲's reason is printed in the red invoice's 备注 too. */
const reddenLimit = { max: CONSOLE_REDDEN_REASON_MAX, message: consoleInvoiceMessages.reddenReasonTooLong };

type UploadValues = { invoice_no: string; file: UploadFile[] };

/** The dialogs of the 发票 page's actions, each with the reason the audit log keeps. */
export function InvoiceDialogs({ dialog, onClose }: { dialog: InvoiceDialog; onClose(): void }) {
  const act = useConsoleAction(invoicesKey);
  const kind = dialog?.kind ?? 'issue';
  const invoice = dialog?.invoice;
  const isUpload = kind === 'upload' || kind === 'upload-red';
  const submit = async (values: Partial<UploadValues> & { reason: string }) => {
    if (!invoice) return;
    const id = invoice.id;
    const { reason } = values;
    const file = values.file?.[0]?.originFileObj;
    const call = () => {
      if (isUpload && file) {
        return uploadConsoleInvoice({
          id,
          invoiceNo: values.invoice_no ?? '',
          red: kind === 'upload-red',
          reason,
          file,
        });
      }
      if (kind === 'issue') return issueConsoleInvoice({ id, reason });
      if (kind === 'retry') return retryConsoleInvoice({ id, reason });
      return reddenConsoleInvoice({ id, reason });
    };
    await act(call, titles[kind].done);
  };
  return (
    <ReasonDialog<UploadValues>
      title={titles[kind].title}
      okText={titles[kind].okText}
      open={dialog !== null}
      onClose={onClose}
      summary={
        invoice && (
          <>
            {invoice.member_phone ?? `用户 ${invoice.user_id}`} · {invoice.title} · {yuanText(invoice.amount)}
            <br />
            {summaries[kind]}
          </>
        )
      }
      onSubmit={submit}
      {...(kind === 'redden' ? { reasonLimit: reddenLimit } : {})}
    >
      {isUpload && (
        <>
          <Form.Item
            name="invoice_no"
            label={kind === 'upload-red' ? '红字发票号码' : '发票号码'}
            rules={[
              { required: true, whitespace: true, message: consoleInvoiceMessages.invoiceNoInvalid },
              { pattern: /^\s*[0-9A-Za-z]{8,32}\s*$/, message: consoleInvoiceMessages.invoiceNoInvalid },
            ]}
          >
            <Input placeholder="20位数电发票号码" maxLength={32} />
          </Form.Item>
          <Form.Item
            name="file"
            label="发票文件（PDF，不超过10MB）"
            valuePropName="fileList"
            getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList.slice(-1)}
            rules={[{ required: true, message: '请选择发票文件' }]}
          >
            <Upload accept=".pdf,application/pdf" maxCount={1} beforeUpload={() => false}>
              <Button>选择PDF文件</Button>
            </Upload>
          </Form.Item>
        </>
      )}
    </ReasonDialog>
  );
}
