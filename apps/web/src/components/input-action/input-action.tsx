import { Button, Input } from 'antd';

export interface InputActionProps {
  /** The row's class: each tool sets its own width and gap. */
  className: string;
  /** The field's accessible name. */
  label: string;
  placeholder: string;
  value: string;
  maxLength?: number;
  onChange(value: string): void;
  /** Run by the button and by Enter in the field. */
  onSubmit(): void;
  /** Shows the button's spinner while the action runs. */
  busy?: boolean;
  /** The button's text. */
  action: string;
}

/**
 * A clearable field and the primary button that acts on it (提取文案, 开始复盘, 生成导图), where Enter
 * in the field does what the button does.
 */
export function InputAction({
  className,
  label,
  placeholder,
  value,
  maxLength,
  onChange,
  onSubmit,
  busy,
  action,
}: InputActionProps) {
  return (
    <div className={className}>
      <Input
        aria-label={label}
        placeholder={placeholder}
        value={value}
        maxLength={maxLength}
        onChange={(event) => onChange(event.target.value)}
        onPressEnter={onSubmit}
        allowClear
      />
      <Button type="primary" loading={busy} onClick={onSubmit}>
        {action}
      </Button>
    </div>
  );
}
