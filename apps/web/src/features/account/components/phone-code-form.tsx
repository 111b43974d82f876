import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { loginWithCode } from '../api/login-api';
import { finishLogin } from '../session-actions';
import { allFilled, phoneRules, smsCodeRules } from './form-rules';
import { PhoneInput } from './phone-input';
import { SmsCodeButton } from './sms-code-button';

interface PhoneCodeValues {
  phone: string;
  code: string;
}

/**
 * Phone-code login and registration (001 §4): a new phone is registered by the same call. The button
 * stays disabled until both fields are filled and shows loading while submitting; Enter in the code
 * field submits.
 */
export function PhoneCodeForm({ name, submitText = '注册/登录' }: { name: string; submitText?: string }) {
  const [form] = Form.useForm<PhoneCodeValues>();
  const phone = Form.useWatch('phone', form) ?? '';
  const code = Form.useWatch('code', form) ?? '';
  const [loading, setLoading] = useState(false);
  const ready = allFilled(phone, code);

  const submit = async () => {
    if (!ready || loading) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setLoading(true);
    try {
      const result = await loginWithCode(values.phone.trim(), values.code.trim());
      await finishLogin(result);
    } catch {
      // The response handler has told the user; only the loading ends (001 §4).
    } finally {
      setLoading(false);
    }
  };

  return (
    <Form form={form} name={name} className="dso-account-form" onFinish={() => void submit()} requiredMark={false}>
      <Form.Item name="phone" rules={phoneRules} validateTrigger="onBlur">
        <PhoneInput prefix={<MobileOutlined />} />
      </Form.Item>
      <Form.Item name="code" rules={smsCodeRules} validateTrigger={false}>
        <Input
          size="large"
          placeholder="请输入验证码"
          maxLength={6}
          inputMode="numeric"
          autoComplete="one-time-code"
          prefix={<LockOutlined />}
          aria-label="验证码"
          onPressEnter={() => void submit()}
          suffix={<SmsCodeButton phone={phone} api={1} />}
        />
      </Form.Item>
      <Button type="primary" size="large" block htmlType="submit" disabled={!ready} loading={loading}>
        {submitText}
      </Button>
    </Form>
  );
}
