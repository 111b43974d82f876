import { type AdminCoupon, type AdminCouponGrant, marketingMessages, type PayGradeCode } from '@dso/contract';
import { isValidPhone } from '@dso/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useConsoleAction } from '../api/console-request';
import { consoleCouponsQuery, createConsoleCoupon, grantConsoleCoupon, marketingKey } from '../api/marketing-api';
import { fenOfYuan, gradeText, timeText, yuanText } from '../console-format';
import { CatalogueTable } from './console-table';
import { GradeItem, NameItem, secondsOfWindow, type Window, WindowItem, YuanItem } from './marketing-fields';
import { ReasonDialog } from './reason-dialog';

interface CouponForm {
  name: string;
  discount: number;
  low_money?: number | null;
  grades?: PayGradeCode[];
  window: Window;
}

/** The phones typed in the grant dialog: one per line, or separated by commas or spaces. */
export const phonesOf = (text: string) => [...new Set(text.split(/[\s,，]+/).filter(Boolean))];

/** 优惠券: the coupon kinds with their terms and how many were given and used; create one, grant one to phones. */
export function MarketingCoupons() {
  const coupons = useQuery(consoleCouponsQuery);
  const act = useConsoleAction(marketingKey.coupons);
  const [creating, setCreating] = useState(false);
  const [granting, setGranting] = useState<AdminCoupon | null>(null);
  const [granted, setGranted] = useState<AdminCouponGrant | null>(null);

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Button type="primary" onClick={() => setCreating(true)}>
        新建优惠券
      </Button>
      {granted && (
        <Alert
          type={granted.unknown_phones.length ? 'warning' : 'success'}
          closable
          onClose={() => setGranted(null)}
          message={`已发放 ${granted.granted.length} 张${
            granted.unknown_phones.length ? `；未注册，未发放：${granted.unknown_phones.join('、')}` : ''
          }`}
        />
      )}
      <CatalogueTable<AdminCoupon>
        query={coupons}
        columns={[
          { title: '名称', dataIndex: 'name' },
          { title: '优惠', dataIndex: 'discount_fen', render: (fen: number) => `减${yuanText(fen)}` },
          {
            title: '门槛',
            dataIndex: 'low_money_fen',
            render: (fen: number) => (fen > 0 ? `满${yuanText(fen)}` : '无门槛'),
          },
          {
            title: '适用套餐',
            dataIndex: 'grades',
            render: (grades: string[]) => (grades.length ? grades.map(gradeText).join('、') : '全部套餐'),
          },
          {
            title: '有效期',
            render: (_, row) => `${timeText(row.start_time)} 至 ${timeText(row.end_time)}`,
          },
          { title: '已发放', dataIndex: 'held' },
          { title: '已使用', dataIndex: 'used' },
          {
            title: '操作',
            render: (_, row) => (
              <Button size="small" onClick={() => setGranting(row)}>
                发放
              </Button>
            ),
          },
        ]}
      />
      <ReasonDialog<CouponForm>
        title="新建优惠券"
        okText="创建"
        open={creating}
        onClose={() => setCreating(false)}
        onSubmit={({ reason, ...values }) => {
          const [start_time, end_time] = secondsOfWindow(values.window);
          return act(
            () =>
              createConsoleCoupon({
                name: values.name,
                discount_fen: fenOfYuan(values.discount),
                low_money_fen: fenOfYuan(values.low_money ?? 0),
                grades: values.grades ?? [],
                start_time: start_time ?? 0,
                end_time: end_time ?? 0,
                reason,
              }),
            '优惠券已创建',
          );
        }}
      >
        <NameItem placeholder="如 双十一满300减50" />
        <YuanItem name="discount" label="优惠金额" required />
        <YuanItem name="low_money" label="使用门槛（订单满多少元可用，不填则无门槛）" />
        <GradeItem name="grades" multiple />
        <WindowItem name="window" label="有效期" required />
      </ReasonDialog>
      <ReasonDialog<{ phones: string }>
        title="发放优惠券"
        summary={granting ? `向以下手机号的账号各发放一张「${granting.name}」。未注册的手机号不会发放。` : null}
        okText="发放"
        open={granting !== null}
        onClose={() => setGranting(null)}
        onSubmit={({ reason, phones }) =>
          act(async () => {
            setGranted(await grantConsoleCoupon({ coupon_id: granting?.id ?? 0, phones: phonesOf(phones), reason }));
          }, '优惠券已发放')
        }
      >
        <Form.Item
          name="phones"
          label="手机号（每行一个，或用逗号分隔）"
          rules={[
            { required: true, whitespace: true, message: marketingMessages.phonesRequired },
            {
              validator: async (_, text: string | undefined) => {
                const wrong = phonesOf(text ?? '').filter((phone) => !isValidPhone(phone));
                if (wrong.length) throw new Error(`手机号格式不正确：${wrong.join('、')}`);
              },
            },
          ]}
        >
          <Input.TextArea rows={4} />
        </Form.Item>
      </ReasonDialog>
    </Space>
  );
}
