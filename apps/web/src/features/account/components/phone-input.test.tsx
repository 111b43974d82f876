import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { PhoneInput } from './phone-input';

function ControlledPhone({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return <PhoneInput value={value} onChange={setValue} />;
}

const phoneField = () => screen.getByLabelText('手机号') as HTMLInputElement;

const paste = (input: HTMLInputElement, text: string) =>
  fireEvent.paste(input, { clipboardData: { getData: (type: string) => (type === 'text' ? text : '') } });

describe('PhoneInput', () => {
  afterEach(cleanup);

  it('keeps all 11 digits of a pasted 139-1234-5678', () => {
    render(<ControlledPhone />);
    const input = phoneField();
    paste(input, '139-1234-5678');
    expect(input.value).toBe('13912345678');
  });

  it('strips non-digits from typed text and caps the digits at 11', () => {
    render(<ControlledPhone />);
    const input = phoneField();
    fireEvent.change(input, { target: { value: '+86 139 1234 56789' } });
    expect(input.value).toBe('86139123456');
    fireEvent.change(input, { target: { value: '139a1234b5678' } });
    expect(input.value).toBe('13912345678');
  });

  it('splices a paste in at the caret before capping', () => {
    render(<ControlledPhone initial="139" />);
    const input = phoneField();
    input.setSelectionRange(3, 3);
    paste(input, ' 1234 5678 999');
    expect(input.value).toBe('13912345678');
  });

  it('leaves no native length limit that would cut a paste before its dashes are stripped', () => {
    render(<ControlledPhone />);
    expect(phoneField().maxLength).toBe(-1);
  });
});
