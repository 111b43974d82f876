import { marketingMessages } from '@dso/contract';
import { PAY_GRADES } from '@dso/domain';
import { DatePicker, Form, Input, InputNumber, Select, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { fenOfYuan, gradeText, yuanOfFen } from '../console-format';

/** Form fields the 套餐与卡券 dialogs share: money typed in yuan, periods as date-time ranges, grades. */

export type Window = [Dayjs, Dayjs] | null | undefined;

/** A window picked in the form as Unix seconds (both null when none). */
export function secondsOfWindow(window: Window): [number | null, number | null] {
  return window ? [window[0].unix(), window[1].unix()] : [null, null];
}

/** Stored start and end as the form's window. */
export function windowOf(start: number | null, end: number | null): Window {
  return start !== null && end !== null ? [dayjs.unix(start), dayjs.unix(end)] : null;
}

/** Fen from an optional yuan field (null when left empty). */
export const fenOrNull = (yuan: number | null | undefined) => (yuan == null ? null : fenOfYuan(yuan));
/** An optional fen amount as the yuan field shows it. */
export const yuanOrNull = (fen: number | null) => (fen === null ? null : yuanOfFen(fen));

export const gradeOptions = PAY_GRADES.map((grade) => ({ value: grade, label: gradeText(grade) }));

/** A yuan amount; `required` asks for it with the server's words. */
export function YuanItem({ name, label, required = false }: { name: string; label: string; required?: boolean }) {
  return (
    <Form.Item name={name} label={label} rules={required ? [{ required: true, message: marketingMessages.fen }] : []}>
      <InputNumber min={0} precision={2} step={1} suffix="元" style={{ width: '100%' }} />
    </Form.Item>
  );
}

/** A coupon's or pack's name, required and at most 30 characters. */
export function NameItem({ placeholder }: { placeholder?: string }) {
  return (
    <Form.Item
      name="name"
      label="名称"
      rules={[{ required: true, whitespace: true, message: marketingMessages.nameRequired }]}
    >
      <Input maxLength={30} placeholder={placeholder} />
    </Form.Item>
  );
}

/** A period with its start and end time. */
export function WindowItem({ name, label, required = false }: { name: string; label: string; required?: boolean }) {
  return (
    <Form.Item
      name={name}
      label={label}
      rules={required ? [{ required: true, message: marketingMessages.windowIncomplete }] : []}
    >
      <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
    </Form.Item>
  );
}

/** Days a plan or card grants (1–3650). */
export function DaysItem({ name, label }: { name: string; label: string }) {
  return (
    <Form.Item name={name} label={label} rules={[{ required: true, message: marketingMessages.day }]}>
      <InputNumber min={1} max={3650} precision={0} suffix="天" style={{ width: '100%' }} />
    </Form.Item>
  );
}

export function GradeItem({ name = 'grade', multiple = false }: { name?: string; multiple?: boolean }) {
  return (
    <Form.Item
      name={name}
      label={multiple ? '适用套餐（不选则全部）' : '会员等级'}
      rules={multiple ? [] : [{ required: true, message: '请选择会员等级' }]}
    >
      <Select options={gradeOptions} {...(multiple ? { mode: 'multiple' as const, allowClear: true } : {})} />
    </Form.Item>
  );
}

/** Whether a plan or pack is on sale, as both tables show it. */
export const saleStateColumn = {
  title: '状态',
  dataIndex: 'enabled',
  render: (enabled: boolean) => (enabled ? <Tag color="green">在售</Tag> : <Tag>已下架</Tag>),
};
