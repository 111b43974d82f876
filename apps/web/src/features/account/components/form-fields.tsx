import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import { Form, type GetProps, Input, type InputProps } from 'antd';
import { confirmRules, newPasswordRules, phoneRules, smsCodeRules } from '../../../lib/form-rules';
import { PhoneInput, type PhoneInputProps } from './phone-input';
import { SmsCodeButton, type SmsCodeButtonProps } from './sms-code-button';

/** The `phone` field of an account form (001 §5), checked when it loses focus. */
export function PhoneItem(props: Pick<PhoneInputProps, 'disabled' | 'autoFocus' | 'placeholder'>) {
  return (
    <Form.Item name="phone" rules={phoneRules} validateTrigger="onBlur">
      <PhoneInput prefix={<MobileOutlined />} {...props} />
    </Form.Item>
  );
}

/** An input's own props, less the ones the SMS code input fixes; `type` is the send type here. */
export type SmsCodeInputProps = Omit<InputProps, 'suffix' | 'type'> & {
  phone: SmsCodeButtonProps['phone'];
  api: SmsCodeButtonProps['api'];
  sendType?: SmsCodeButtonProps['type'];
};

/**
 * The SMS code input (001 §4) with its get-code button inside, sending to `phone`. The rest of the
 * props reach the input: a form item's value, id and aria state, or a controlled value.
 */
export function SmsCodeInput({ phone, api, sendType, ...input }: SmsCodeInputProps) {
  return (
    <Input
      size="large"
      placeholder="请输入验证码"
      maxLength={6}
      inputMode="numeric"
      aria-label="验证码"
      {...input}
      suffix={<SmsCodeButton phone={phone} api={api} type={sendType} />}
    />
  );
}

/**
 * The `code` field of an account form (001 §5). It is checked only on submit: pressing the get-code
 * button inside it blurs it, and that must not flag a code the user is still waiting for.
 */
export function SmsCodeItem(props: SmsCodeInputProps) {
  return (
    <Form.Item name="code" rules={smsCodeRules} validateTrigger={false}>
      <SmsCodeInput {...props} />
    </Form.Item>
  );
}

/** The password and its confirmation look alike and stop at the rule's 24 characters (001 §5). */
function NewPasswordInput(props: GetProps<typeof Input.Password>) {
  return (
    <Input.Password size="large" maxLength={24} autoComplete="new-password" prefix={<LockOutlined />} {...props} />
  );
}

/**
 * The `password` and `confirm` fields of a form that sets a password (001 §5): the rule stands under
 * the password, both are checked when they lose focus, and Enter in the confirmation submits.
 */
export function NewPasswordItems({ autoFocus, onSubmit }: { autoFocus?: boolean; onSubmit(): void }) {
  const form = Form.useFormInstance();
  return (
    <>
      <Form.Item
        name="password"
        rules={newPasswordRules}
        validateTrigger="onBlur"
        extra="6-24位，需同时包含数字、大写字母和小写字母"
      >
        <NewPasswordInput placeholder="请输入新密码" aria-label="新密码" autoFocus={autoFocus} />
      </Form.Item>
      <Form.Item name="confirm" dependencies={['password']} rules={confirmRules(form)} validateTrigger="onBlur">
        <NewPasswordInput placeholder="请再次输入密码" aria-label="确认密码" onPressEnter={onSubmit} />
      </Form.Item>
    </>
  );
}
