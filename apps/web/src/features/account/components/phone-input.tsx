import { sanitizePhoneInput } from '@dso/domain';
import { Input } from 'antd';
import type { ClipboardEvent, ReactNode } from 'react';

export interface PhoneInputProps {
  value?: string;
  onChange?(value: string): void;
  disabled?: boolean;
  autoFocus?: boolean;
  placeholder?: string;
  prefix?: ReactNode;
  id?: string;
}

/**
 * Phone field (001 §5): non-digits are stripped as typed, then the digits are capped at 11. There is
 * no native maxlength: the browser would cut a pasted '139-1234-5678' to 11 characters before the
 * dashes are gone and leave '139123456'. A paste is spliced in at the caret and sanitised as a whole.
 */
export function PhoneInput({
  value,
  onChange,
  disabled,
  autoFocus,
  placeholder = '请输入手机号',
  prefix,
  id,
}: PhoneInputProps) {
  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text');
    if (!pasted) return;
    event.preventDefault();
    const input = event.currentTarget;
    const current = input.value;
    const start = input.selectionStart ?? current.length;
    const end = input.selectionEnd ?? current.length;
    onChange?.(sanitizePhoneInput(current.slice(0, start) + pasted + current.slice(end)));
  };

  return (
    <Input
      id={id}
      size="large"
      value={value}
      onChange={(event) => onChange?.(sanitizePhoneInput(event.target.value))}
      onPaste={handlePaste}
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
