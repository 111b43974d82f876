import { LockOutlined } from '@ant-design/icons';
import { Form, Input } from 'antd';
import { ApiError } from '../../../lib/api/errors';
import { toast } from '../../../lib/feedback';
import { allFilled } from '../../../lib/form-rules';
import { loginWithPassword } from '../api/login-api';
import { encryptPassword } from '../password-crypto';
import { finishLogin } from '../session-actions';
import { AccountForm, AccountSubmitButton, useAccountSubmit } from './account-form';
import { PhoneItem } from './form-fields';

interface PasswordValues {
  phone: string;
  password: string;
}

/**
 * Password login (001 §4): phone and password, the password encrypted in the browser. The button is
 * disabled until both are filled and shows loading; a failed login only stops the loading.
 */
export function PasswordLoginForm({ onForgot, onRegister }: { onForgot(): void; onRegister(): void }) {
  const [form] = Form.useForm<PasswordValues>();
  const phone = Form.useWatch('phone', form) ?? '';
  const password = Form.useWatch('password', form) ?? '';
  const isReady = allFilled(phone, password);
  const { submit, loading } = useAccountSubmit({
    form,
    isReady,
    send: async (values) => {
      const pwd = await encryptPassword(values.password);
      const result = await loginWithPassword(values.phone.trim(), pwd);
      await finishLogin(result);
    },
    // A wrong phone or password says nothing (001 §4); only a browser that cannot encrypt is told why.
    onFailure: (error) => {
      if (!(error instanceof ApiError) && error instanceof Error) toast(error.message);
    },
  });

  return (
    <AccountForm form={form} name="login-password" onSubmit={submit}>
      <PhoneItem />
      <Form.Item name="password">
        <Input.Password
          size="large"
          placeholder="请输入密码"
          maxLength={24}
          autoComplete="current-password"
          prefix={<LockOutlined />}
          aria-label="密码"
        />
      </Form.Item>
      <div className="dso-account-form__links">
        <button type="button" className="dso-text-link" onClick={onForgot}>
          忘记密码？
        </button>
        <button type="button" className="dso-text-link" onClick={onRegister}>
          没有账号？微信扫码注册
        </button>
      </div>
      <AccountSubmitButton isReady={isReady} loading={loading}>
        登录
      </AccountSubmitButton>
    </AccountForm>
  );
}
