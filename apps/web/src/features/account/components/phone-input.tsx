import { sanitizePhoneInput } from '@dso/domain';
import { Input } from 'antd';
import type { ReactNode } from 'react';

export interface PhoneInputProps {
  value?: string;
  onChange?(value: string): void;
  disabled?: boolean;
  autoFocus?: boolean;
  placeholder?: string;
  prefix?: ReactNode;
  id?: string;
}

/** Phone field (001 §5): digits only as typed, at most 11. */
export function PhoneInput({
  value,
  onChange,
  disabled,
  autoFocus,
  placeholder = '请输入手机号',
  prefix,
  id,
}: PhoneInputProps) {
  return (
    <Input
      id={id}
      size="large"
      value={value}
      onChange={(event) => onChange?.(sanitizePhoneInput(event.target.value))}
      maxLength={11}
      inputMode="numeric"
      autoComplete="tel"
      placeholder={placeholder}
      disabled={disabled}
      autoFocus={autoFocus}
      prefix={prefix}
      aria-label="手机号"
    />
  );
}
