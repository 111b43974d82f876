import type { ConsoleMe } from '@dso/contract';
import { Space, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { AgreementsTab } from '../components/agreements-tab';
import { OrdersListTab } from '../components/orders-list-tab';
import { ReconcileTab } from '../components/reconcile-tab';
import { RefundsPanel } from '../components/refunds-panel';

/**
 * 订单与退款 (docs/console.md, Orders): orders with their totals, the payments due back, the 连续包月
 * agreements in force and a day's reconciliation. `?q=` opens the orders filtered by a phone or order
 * number; acting buttons show only to roles with orders.act.
 */
export default function OrdersPage({ me }: { me: ConsoleMe }) {
  const [params] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <h2>订单与退款</h2>
      <Tabs
        items={[
          // Keyed by q, so following another ?q= link starts the list afresh.
          { key: 'orders', label: '订单', children: <OrdersListTab key={q} initialQuery={q} /> },
          { key: 'refunds', label: '待退款', children: <RefundsPanel me={me} /> },
          { key: 'agreements', label: '连续包月协议', children: <AgreementsTab /> },
          {
            key: 'reconcile',
            label: '对账',
            children: <ReconcileTab canAct={me.abilities.includes('orders.act')} />,
          },
        ]}
      />
    </Space>
  );
}
