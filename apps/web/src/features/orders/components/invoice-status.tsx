import type { InvoiceStatus } from '@dso/contract';
import { Tag, Tooltip } from 'antd';

/** How an invoice's state reads: 待开具 → 已开具 → 已红冲, or 开具失败. */
export const invoiceStatusText: Record<InvoiceStatus, string> = {
  pending: '待开具',
  issued: '已开具',
  reddened: '已红冲',
  failed: '开具失败',
};

const invoiceStatusColor: Record<InvoiceStatus, string> = {
  pending: 'processing',
  issued: 'success',
  reddened: 'default',
  failed: 'error',
};

/** An invoice state as a tag; a failed one carries the platform's reason beside it. */
export function InvoiceStatusTag({ status, failure }: { status: InvoiceStatus; failure?: string | null }) {
  const tag = <Tag color={invoiceStatusColor[status]}>{invoiceStatusText[status]}</Tag>;
  if (status !== 'failed' || !failure) return tag;
  return (
    <span className="orders-invoice-failure">
      <Tooltip title={failure}>{tag}</Tooltip>
      <span className="orders-invoice-failure__text">{failure}</span>
    </span>
  );
}
