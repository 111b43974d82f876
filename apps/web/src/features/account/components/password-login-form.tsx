import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../lib/api/errors';
import { toast } from '../../../lib/feedback';
import { loginWithPassword } from '../api/login-api';
import { encryptPassword } from '../password-crypto';
import { finishLogin } from '../session-actions';
import { allFilled, phoneRules } from './form-rules';
import { PhoneInput } from './phone-input';

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
  const [loading, setLoading] = useState(false);
  const ready = allFilled(phone, password);

  const submit = async () => {
    if (!ready || loading) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setLoading(true);
    try {
      const pwd = await encryptPassword(values.password);
      const result = await loginWithPassword(values.phone.trim(), pwd);
      await finishLogin(result);
    } catch (error) {
      // A wrong phone or password says nothing (001 §4); only a browser that cannot encrypt is told why.
      if (!(error instanceof ApiError) && error instanceof Error) toast(error.message);
    } finally {
      setLoading(false);
    }
  };

  return (
    <Form
      form={form}
      name="login-password"
      className="dso-account-form"
      onFinish={() => void submit()}
      requiredMark={false}
    >
      <Form.Item name="phone" rules={phoneRules} validateTrigger="onBlur">
        <PhoneInput prefix={<MobileOutlined />} />
      </Form.Item>
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
      <Button type="primary" size="large" block htmlType="submit" disabled={!ready} loading={loading}>
        登录
      </Button>
    </Form>
  );
}
