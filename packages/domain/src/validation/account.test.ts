import { describe, expect, it } from 'vitest';
import {
  canSubmitPasswordReset,
  compactCardCode,
  formatCardCodeInput,
  isCardCodeComplete,
  maskPhone,
  phoneCheckBeforeSend,
  sanitizePhoneInput,
  validateNewPassword,
  validatePasswordConfirm,
  validatePhone,
  validateSmsCode,
} from './account';

describe('validatePhone', () => {
  it('requires a phone', () => {
    expect(validatePhone('')).toBe('请输入手机号');
    expect(validatePhone(undefined)).toBe('请输入手机号');
  });

  it('accepts 11 digits starting with 1 and a second digit from 3 to 9', () => {
    expect(validatePhone('13812345678')).toBeNull();
    expect(validatePhone('19912345678')).toBeNull();
  });

  it.each(['12812345678', '11812345678', '1381234567', '138123456789', '23812345678'])(
    'rejects a second digit of 1 or 2 and a wrong length: %s',
    (phone) => {
      expect(validatePhone(phone)).toBe('请输入正确手机号');
    },
  );
});

describe('sanitizePhoneInput', () => {
  it('strips non-digits and caps at 11 digits', () => {
    expect(sanitizePhoneInput(' 138-1234 5678 ')).toBe('13812345678');
    expect(sanitizePhoneInput('1381234567899')).toBe('13812345678');
  });
});

describe('phoneCheckBeforeSend', () => {
  it('uses the toast wording before a code request', () => {
    expect(phoneCheckBeforeSend('')).toBe('手机号码不能为空！');
    expect(phoneCheckBeforeSend('12345678901')).toBe('请输入有效的手机号码！');
    expect(phoneCheckBeforeSend('13812345678')).toBeNull();
  });
});

describe('validateSmsCode', () => {
  it('requires a code', () => {
    expect(validateSmsCode(' ')).toBe('请输入验证码');
    expect(validateSmsCode('123456')).toBeNull();
  });
});

describe('validateNewPassword', () => {
  const malformed = '密码需要6-24位数字、大小写字母组合';
  const expectAnswer = (password: string, answer: string | null) => expect(validateNewPassword(password)).toBe(answer);

  it.each([['', '请输入新密码']])('requires a password: "%s" → %s', expectAnswer);
  it.each([
    ['Abc123', null],
    [`Ab1${'c'.repeat(21)}`, null],
  ])('accepts 6 and 24 characters with a digit, an uppercase and a lowercase letter: %s → %s', expectAnswer);
  it.each([
    ['Abc12', malformed],
    [`Ab1${'c'.repeat(22)}`, malformed],
  ])('rejects 5 and 25 characters: %s → %s', expectAnswer);
  it.each([
    ['Abcdef', malformed],
    ['abc123', malformed],
    ['ABC123', malformed],
  ])('rejects a password missing a digit, an uppercase or a lowercase letter: %s → %s', expectAnswer);
  it.each([
    ['Abc123!@', null],
    ['Abc 123', malformed],
  ])('allows symbols but not spaces: %s → %s', expectAnswer);
});

describe('validatePasswordConfirm', () => {
  it('requires the confirmation and that it matches', () => {
    expect(validatePasswordConfirm('Abc123', '')).toBe('请再次输入密码');
    expect(validatePasswordConfirm('Abc123', 'Abc124')).toBe('两次输入密码不一致!');
    expect(validatePasswordConfirm('Abc123', 'Abc123')).toBeNull();
  });
});

describe('canSubmitPasswordReset', () => {
  const form = { phone: '13812345678', code: '1234', password: 'Abc123', confirm: 'Abc123' };

  it('enables the button with all four fields filled and matching passwords', () => {
    expect(canSubmitPasswordReset(form)).toBe(true);
  });

  it('disables it with an empty field or different passwords', () => {
    expect(canSubmitPasswordReset({ ...form, code: '' })).toBe(false);
    expect(canSubmitPasswordReset({ ...form, confirm: 'Abc124' })).toBe(false);
  });
});

describe('maskPhone', () => {
  it('keeps the first 3 and last 4 digits', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
  });

  it('leaves text too short to mask unchanged', () => {
    expect(maskPhone('5678')).toBe('5678');
  });
});

describe('membership card code', () => {
  it('groups the code by 4 as typed', () => {
    expect(formatCardCodeInput('ABCD1234XY')).toBe('ABCD 1234 XY');
    expect(formatCardCodeInput('ABCD 12')).toBe('ABCD 12');
  });

  it('caps the input at 12 displayed characters', () => {
    expect(formatCardCodeInput('ABCD1234XYZW')).toBe('ABCD 1234 XY');
  });

  it('is complete with exactly 10 characters without spaces', () => {
    expect(isCardCodeComplete('ABCD 1234 XY')).toBe(true);
    expect(isCardCodeComplete('ABCD 1234 X')).toBe(false);
    expect(compactCardCode('ABCD 1234 XY')).toBe('ABCD1234XY');
  });
});
