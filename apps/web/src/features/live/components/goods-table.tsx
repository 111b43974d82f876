import type { GoodsItemWire } from '@dso/contract';
import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { NoData } from '../../../components';
import { formatFigure } from '../../../lib/figures';
import { formatPrice, formatSales } from '../figures';
import { LiveCover } from './live-cover';

interface GoodsRow extends GoodsItemWire {
  key: number;
  /** Price times units sold, in fen: what the product sold for in the session. */
  amount: number;
}

/**
 * The session's goods (商品列表) with price, units sold and the amount they sold for, best sellers
 * first. Banded units (the viewer sees bands) read 约.
 */
export function GoodsTable({ goods, banded }: { goods: GoodsItemWire[]; banded: boolean }) {
  const rows: GoodsRow[] = goods
    .map((item, index) => ({ ...item, key: index, amount: item.price * item.sales }))
    .sort((a, b) => b.amount - a.amount);
  const about = banded ? '约' : '';
  const columns: ColumnsType<GoodsRow> = [
    {
      title: '商品',
      dataIndex: 'title',
      render: (_, row) => (
        <div className="lv-goods__item">
          <LiveCover src={row.cover ?? ''} title={row.title} className="lv-goods__cover" />
          <span className="lv-goods__title">{row.title}</span>
        </div>
      ),
    },
    { title: '价格', dataIndex: 'price', width: 96, render: (price: number) => formatPrice(price) },
    {
      title: '销量',
      dataIndex: 'sales',
      width: 96,
      sorter: (a, b) => a.sales - b.sales,
      render: (sales: number) => `${about}${formatFigure(sales)}`,
    },
    {
      title: '销售额',
      dataIndex: 'amount',
      width: 116,
      sorter: (a, b) => a.amount - b.amount,
      render: (amount: number) => `${about}${formatSales(amount)}`,
    },
  ];
  return (
    <section className="section-card" data-testid="live-goods">
      <header className="lv-card__header">
        <h2 className="section-card__title">直播商品</h2>
        <span className="lv-muted">共 {goods.length} 件</span>
      </header>
      <Table
        rowKey="key"
        size="middle"
        columns={columns}
        dataSource={rows}
        pagination={rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        locale={{ emptyText: <NoData text="暂无商品" size="small" /> }}
      />
    </section>
  );
}
