/** Account form messages (001 §5), exactly as the spec quotes them. */
export const accountMessages = {
  phoneRequired: '请输入手机号',
  phoneInvalid: '请输入正确手机号',
  phoneEmptyBeforeSend: '手机号码不能为空！',
  phoneInvalidBeforeSend: '请输入有效的手机号码！',
  codeRequired: '请输入验证码',
  passwordRequired: '请输入新密码',
  passwordWeak: '密码需要6-24位数字、大小写字母组合',
  confirmRequired: '请再次输入密码',
  confirmMismatch: '两次输入密码不一致!',
  cardExchangeWarning: '兑换后不可撤销，请谨慎操作！',
} as const;

/** Mainland mobile number: 11 digits, a leading 1, second digit 3-9 (001 §5). */
const PHONE_PATTERN = /^1[3-9]\d{9}$/;
/** Phone numbers have 11 digits (001 §9). */
export const PHONE_LENGTH = 11;

/** Whether a phone number has the mainland mobile shape (001 §5). */
export function isValidPhone(phone: string): boolean {
  return PHONE_PATTERN.test(phone);
}

/** Phone field rule (001 §5): required, then the mobile shape; null when valid. */
export function validatePhone(phone: string | null | undefined): string | null {
  const value = (phone ?? '').trim();
  if (value === '') return accountMessages.phoneRequired;
  return isValidPhone(value) ? null : accountMessages.phoneInvalid;
}

/** Phone input as typed (001 §5): non-digits stripped (which also trims), at most 11 digits. */
export function sanitizePhoneInput(input: string): string {
  return input.replace(/\D/g, '').slice(0, PHONE_LENGTH);
}

/** The check before an SMS code request (001 §5), shown as an error toast; null to go ahead. */
export function phoneCheckBeforeSend(phone: string | null | undefined): string | null {
  const value = (phone ?? '').trim();
  if (value === '') return accountMessages.phoneEmptyBeforeSend;
  return isValidPhone(value) ? null : accountMessages.phoneInvalidBeforeSend;
}

/** SMS code rule (001 §5): required. */
export function validateSmsCode(code: string | null | undefined): string | null {
  return (code ?? '').trim() === '' ? accountMessages.codeRequired : null;
}

/**
 * New password rule (001 §5): 6-24 characters with at least one digit, one uppercase and one
 * lowercase letter. Other visible characters (symbols) are allowed; whitespace is not, since a
 * trailing space typed by mistake would lock the user out.
 */
export function validateNewPassword(password: string | null | undefined): string | null {
  const value = password ?? '';
  if (value === '') return accountMessages.passwordRequired;
  const length = Array.from(value).length;
  const strong =
    length >= 6 && length <= 24 && !/\s/.test(value) && /\d/.test(value) && /[A-Z]/.test(value) && /[a-z]/.test(value);
  return strong ? null : accountMessages.passwordWeak;
}

/** Confirmation rule (001 §5): required and equal to the password. */
export function validatePasswordConfirm(password: string, confirm: string | null | undefined): string | null {
  const value = confirm ?? '';
  if (value === '') return accountMessages.confirmRequired;
  return value === password ? null : accountMessages.confirmMismatch;
}

/** The reset button is enabled only with all four fields filled and the passwords equal (001 §5). */
export function canSubmitPasswordReset(form: {
  phone: string;
  code: string;
  password: string;
  confirm: string;
}): boolean {
  const filled = [form.phone, form.code, form.password, form.confirm].every((field) => field.trim() !== '');
  return filled && form.password === form.confirm;
}

/**
 * Masks a phone to its first 3 and last 4 digits (001 §9): '13812345678' → '138****5678'. Text too
 * short to hide anything is returned unchanged.
 */
export function maskPhone(phone: string): string {
  if (phone.length <= 7) return phone;
  return `${phone.slice(0, 3)}${'*'.repeat(phone.length - 7)}${phone.slice(-4)}`;
}

/** Membership card code (001 §5, §9): 10 characters, typed into a 12-character box in groups of 4. */
export const cardCodeLimits = { length: 10, inputMax: 12, groupSize: 4 } as const;

/** Formats card input as typed: spaces removed, regrouped by 4, capped at 12 displayed characters. */
export function formatCardCodeInput(input: string): string {
  const compact = input.replace(/\s/g, '');
  // Groups of cardCodeLimits.groupSize (4).
  const groups = compact.match(/.{1,4}/g) ?? [];
  return groups.join(' ').slice(0, cardCodeLimits.inputMax);
}

/** The card code without its display spaces, as the exchange call sends it. */
export function compactCardCode(input: string): string {
  return input.replace(/\s/g, '');
}

/** Confirm is enabled only when exactly 10 characters remain after removing spaces (001 §5). */
export function isCardCodeComplete(input: string): boolean {
  return compactCardCode(input).length === cardCodeLimits.length;
}
