import {
  sanitizePhoneInput,
  validateNewPassword,
  validatePasswordConfirm,
  validatePhone,
  validateSmsCode,
} from '@dso/domain';
import type { FormInstance, FormItemProps } from 'antd';

type Rules = NonNullable<FormItemProps['rules']>;

/** Turns a domain validator (message or null) into an antd rule, so the forms never restate the rules. */
function fromValidator(validate: (value: string) => string | null): Rules[number] {
  return {
    validator: (_, value: string | undefined) => {
      const problem = validate(value ?? '');
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  };
}

export const phoneRules: Rules = [fromValidator(validatePhone)];

/** A phone field's value as typed into a plain input (001 §5): digits only, at most 11. */
export const phoneFromEvent = (event: { target: { value: string } }) => sanitizePhoneInput(event.target.value);
export const smsCodeRules: Rules = [fromValidator(validateSmsCode)];
export const newPasswordRules: Rules = [fromValidator(validateNewPassword)];

/** Confirmation: required and equal to the `password` field (001 §5). */
export function confirmRules(form: FormInstance, field = 'password'): Rules {
  return [fromValidator((value) => validatePasswordConfirm(form.getFieldValue(field) ?? '', value))];
}

/** True when every named value is filled (after trimming): the buttons' enable rule (001 §4). */
export function allFilled(...values: (string | undefined)[]): boolean {
  return values.every((value) => (value ?? '').trim() !== '');
}
