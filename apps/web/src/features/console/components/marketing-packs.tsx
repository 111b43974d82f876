import { type AdminPackage, marketingMessages } from '@dso/contract';
import { frequencyTypes } from '@dso/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, InputNumber, Select, Space, Switch } from 'antd';
import { useState } from 'react';
import { useConsoleAction } from '../api/console-request';
import { consolePacksQuery, createConsolePack, marketingKey, updateConsolePack } from '../api/marketing-api';
import { fenOfYuan, yuanOfFen, yuanText } from '../console-format';
import { CatalogueTable } from './console-table';
import { NameItem, saleStateColumn, YuanItem } from './marketing-fields';
import { ReasonDialog } from './reason-dialog';

interface PackForm {
  frequency_type: number;
  name: string;
  frequency: number;
  price: number;
  sort?: number;
  enabled: boolean;
}

const typeOptions = Object.entries(frequencyTypes).map(([type, alias]) => ({
  value: Number(type),
  label: `${type} · ${alias}`,
}));

/** 次数包: the usage-count packs on sale or not; create one or change one. */
export function MarketingPacks() {
  const packs = useQuery(consolePacksQuery);
  const act = useConsoleAction(marketingKey.packs);
  const [editing, setEditing] = useState<AdminPackage | 'new' | null>(null);
  const pack = editing === 'new' ? null : editing;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Button type="primary" onClick={() => setEditing('new')}>
        新建次数包
      </Button>
      <CatalogueTable<AdminPackage>
        query={packs}
        columns={[
          { title: '名称', dataIndex: 'name' },
          { title: '类型', dataIndex: 'frequency_type', render: (type: number, row) => `${type} · ${row.alias}` },
          { title: '次数', dataIndex: 'frequency' },
          { title: '价格', dataIndex: 'price_fen', render: yuanText },
          { title: '排序', dataIndex: 'sort' },
          saleStateColumn,
          {
            title: '操作',
            render: (_, row) => (
              <Button size="small" onClick={() => setEditing(row)}>
                编辑
              </Button>
            ),
          },
        ]}
      />
      <ReasonDialog<PackForm>
        key={pack?.id ?? 'new'}
        title={pack ? `编辑次数包 #${pack.id}` : '新建次数包'}
        okText="保存"
        open={editing !== null}
        onClose={() => setEditing(null)}
        initialValues={
          pack
            ? { ...pack, price: yuanOfFen(pack.price_fen) }
            : { frequency_type: typeOptions[0]?.value, sort: 0, enabled: true }
        }
        onSubmit={({ reason, price, ...values }) => {
          const body = { ...values, name: values.name.trim(), price_fen: fenOfYuan(price), sort: values.sort ?? 0 };
          return pack
            ? act(() => updateConsolePack({ id: pack.id, ...body, reason }), '次数包已保存')
            : act(() => createConsolePack({ ...body, reason }), '次数包已创建');
        }}
      >
        <Form.Item
          name="frequency_type"
          label="类型"
          rules={[{ required: true, message: marketingMessages.packageType }]}
        >
          <Select options={typeOptions} />
        </Form.Item>
        <NameItem />
        <Form.Item name="frequency" label="次数" rules={[{ required: true, message: '次数须为正整数' }]}>
          <InputNumber min={1} precision={0} suffix="次" style={{ width: '100%' }} />
        </Form.Item>
        <YuanItem name="price" label="价格" required />
        <Form.Item name="sort" label="排序">
          <InputNumber min={0} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="enabled" label="在售" valuePropName="checked">
          <Switch />
        </Form.Item>
      </ReasonDialog>
    </Space>
  );
}
