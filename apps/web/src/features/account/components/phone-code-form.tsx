import { LockOutlined } from '@ant-design/icons';
import { loginWithCode } from '../api/login-api';
import { finishLogin } from '../session-actions';
import { AccountForm, AccountSubmitButton, usePhoneCodeForm } from './account-form';
import { PhoneItem, SmsCodeItem } from './form-fields';

/**
 * Phone-code login and registration (001 §4): a new phone is registered by the same call. The button
 * stays disabled until both fields are filled and shows loading while submitting; Enter in the code
 * field submits. A failure only ends the loading: the response handler has told the user.
 */
export function PhoneCodeForm({ name, submitText = '注册/登录' }: { name: string; submitText?: string }) {
  const { form, phone, isReady, submit, loading } = usePhoneCodeForm(async (values) => {
    const result = await loginWithCode(values.phone, values.code);
    await finishLogin(result);
  });

  return (
    <AccountForm form={form} name={name} onSubmit={submit}>
      <PhoneItem />
      <SmsCodeItem phone={phone} api={1} autoComplete="one-time-code" prefix={<LockOutlined />} onPressEnter={submit} />
      <AccountSubmitButton isReady={isReady} loading={loading}>
        {submitText}
      </AccountSubmitButton>
    </AccountForm>
  );
}
