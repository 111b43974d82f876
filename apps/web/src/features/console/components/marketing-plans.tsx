import type { AdminPlan, PayGradeCode } from '@dso/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Space, Switch } from 'antd';
import { useState } from 'react';
import { useConsoleAction } from '../api/console-request';
import {
  consolePlansQuery,
  createConsolePlan,
  enableConsolePlan,
  marketingKey,
  updateConsolePlan,
} from '../api/marketing-api';
import { fenOfYuan, gradeText, timeText, yuanOfFen, yuanText } from '../console-format';
import { CatalogueTable } from './console-table';
import {
  DaysItem,
  fenOrNull,
  GradeItem,
  saleStateColumn,
  secondsOfWindow,
  type Window,
  WindowItem,
  windowOf,
  YuanItem,
  yuanOrNull,
} from './marketing-fields';
import { ReasonDialog } from './reason-dialog';

interface PlanForm {
  grade: PayGradeCode;
  day: number;
  price: number;
  original_price?: number | null;
  active_price?: number | null;
  active_window?: Window;
  activity_price?: number | null;
  activity_window?: Window;
  new_user_price?: number | null;
  discount?: string;
  sort?: number;
}

/** The plan fields the dialog edits, from the form (prices typed in yuan). */
function planBodyOf(values: PlanForm) {
  const [active_start_time, active_end_time] = secondsOfWindow(values.active_window);
  const [activity_start_time, activity_end_time] = secondsOfWindow(values.activity_window);
  return {
    grade: values.grade,
    day: values.day,
    price_fen: fenOfYuan(values.price),
    original_price_fen: fenOrNull(values.original_price),
    active_price_fen: fenOrNull(values.active_price),
    active_start_time,
    active_end_time,
    activity_price_fen: fenOrNull(values.activity_price),
    activity_start_time,
    activity_end_time,
    new_user_price_fen: fenOrNull(values.new_user_price),
    discount: values.discount?.trim() ?? '',
    sort: values.sort ?? 0,
  };
}

function formOf(plan: AdminPlan): PlanForm {
  return {
    grade: plan.grade,
    day: plan.day,
    price: yuanOfFen(plan.price_fen),
    original_price: yuanOrNull(plan.original_price_fen),
    active_price: yuanOrNull(plan.active_price_fen),
    active_window: windowOf(plan.active_start_time, plan.active_end_time),
    activity_price: yuanOrNull(plan.activity_price_fen),
    activity_window: windowOf(plan.activity_start_time, plan.activity_end_time),
    new_user_price: yuanOrNull(plan.new_user_price_fen),
    discount: plan.discount,
    sort: plan.sort,
  };
}

/** A timed price with its window, or — for none. */
function timedPrice(fen: number | null, start: number | null, end: number | null) {
  if (fen === null) return '—';
  return (
    <span>
      {yuanText(fen)}
      <br />
      <small>
        {timeText(start)} 至 {timeText(end)}
      </small>
    </span>
  );
}

/** 套餐: every plan with its prices and their dates; create, edit, and put on or take off sale. */
export function MarketingPlans() {
  const plans = useQuery(consolePlansQuery);
  const act = useConsoleAction(marketingKey.plans);
  const [editing, setEditing] = useState<AdminPlan | 'new' | null>(null);
  const [toggling, setToggling] = useState<AdminPlan | null>(null);
  const plan = editing === 'new' ? null : editing;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Button type="primary" onClick={() => setEditing('new')}>
        新建套餐
      </Button>
      <CatalogueTable<AdminPlan>
        query={plans}
        columns={[
          { title: '等级', dataIndex: 'grade', render: gradeText },
          { title: '时长', dataIndex: 'day', render: (day: number) => `${day}天` },
          { title: '价格', dataIndex: 'price_fen', render: yuanText },
          {
            title: '划线价',
            dataIndex: 'original_price_fen',
            render: (fen: number | null) => (fen === null ? '—' : yuanText(fen)),
          },
          {
            title: '限时价',
            render: (_, row) => timedPrice(row.active_price_fen, row.active_start_time, row.active_end_time),
          },
          {
            title: '活动价',
            render: (_, row) => timedPrice(row.activity_price_fen, row.activity_start_time, row.activity_end_time),
          },
          {
            title: '连续包月',
            dataIndex: 'has_cycle',
            render: (cycle: boolean, row) => (cycle ? `续费${yuanText(row.cycle_price_fen ?? 0)}` : '—'),
          },
          { title: '角标', dataIndex: 'discount', render: (text: string) => text || '—' },
          saleStateColumn,
          {
            title: '操作',
            render: (_, row) => (
              <Space>
                <Button size="small" onClick={() => setEditing(row)}>
                  编辑
                </Button>
                <Switch
                  size="small"
                  checked={row.enabled}
                  aria-label={`${row.enabled ? '下架' : '上架'}套餐${row.id}`}
                  onChange={() => setToggling(row)}
                />
              </Space>
            ),
          },
        ]}
      />
      <ReasonDialog<PlanForm>
        key={plan?.id ?? 'new'}
        title={plan ? `编辑套餐 #${plan.id}` : '新建套餐'}
        okText="保存"
        open={editing !== null}
        onClose={() => setEditing(null)}
        initialValues={plan ? formOf(plan) : { grade: 'VIP', sort: 0 }}
        onSubmit={({ reason, ...values }) =>
          plan
            ? act(() => updateConsolePlan({ id: plan.id, ...planBodyOf(values), reason }), '套餐已保存')
            : act(() => createConsolePlan({ ...planBodyOf(values), reason }), '套餐已创建')
        }
      >
        <GradeItem />
        <DaysItem name="day" label="时长" />
        <YuanItem name="price" label="价格" required />
        <YuanItem name="original_price" label="划线价" />
        <YuanItem name="activity_price" label="活动价" />
        <WindowItem name="activity_window" label="活动时间" />
        <YuanItem name="active_price" label="限时价" />
        <WindowItem name="active_window" label="限时价时间" />
        <YuanItem name="new_user_price" label="新用户价" />
        <Form.Item name="discount" label="角标（如 限时8折）">
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="sort" label="排序">
          <InputNumber min={0} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </ReasonDialog>
      <ReasonDialog
        title={toggling?.enabled ? '下架套餐' : '上架套餐'}
        summary={
          toggling
            ? `${toggling.enabled ? '下架' : '上架'} ${gradeText(toggling.grade)} ${toggling.day}天（${yuanText(toggling.price_fen)}）。已下的订单按原价处理。`
            : null
        }
        okText="确认"
        open={toggling !== null}
        onClose={() => setToggling(null)}
        onSubmit={({ reason }) =>
          act(() => enableConsolePlan({ id: toggling?.id ?? 0, enabled: !toggling?.enabled, reason }), '已保存')
        }
      />
    </Space>
  );
}
