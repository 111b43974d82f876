import { Select, type SelectProps } from 'antd';

type FilterSelectProps<Value> = Omit<SelectProps<Value>, 'allowClear' | 'style' | 'aria-label'> & {
  /** What the filter does, for screen readers and tests (按渠道筛选). */
  label: string;
  width?: number;
};

/**
 * One filter of a console list's toolbar: clearable back to everything (its placeholder says so, 全部渠道),
 * a fixed width so the toolbar does not jump, and labelled.
 */
export function FilterSelect<Value>({ label, width = 130, ...props }: FilterSelectProps<Value>) {
  return <Select<Value> allowClear style={{ width }} aria-label={label} {...props} />;
}
