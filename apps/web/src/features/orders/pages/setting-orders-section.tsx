import { Tabs } from 'antd';
import { CentreSection } from '../../../components/centre-section/centre-section';
import { CycleNotice } from '../components/cycle-notice';
import { InvoiceList } from '../components/invoice-list';
import { OrdersTable } from '../components/orders-table';

/**
 * 我的订单 (000 §2.3): a running 连续包月 with its cancellation, the orders with the invoice
 * request, and the invoices asked for.
 */
export default function SettingOrdersSection() {
  return (
    <CentreSection titleId="setting-orders-title" title="我的订单">
      <CycleNotice />
      <Tabs
        defaultActiveKey="orders"
        destroyOnHidden
        items={[
          { key: 'orders', label: '订单记录', children: <OrdersTable /> },
          { key: 'invoices', label: '开票记录', children: <InvoiceList /> },
        ]}
      />
    </CentreSection>
  );
}
