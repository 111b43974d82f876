import { LockOutlined, MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { canSubmitPasswordReset } from '@dso/domain';
import { Button, Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api/errors';
import { toast } from '../../../lib/feedback';
import { useDialogs } from '../../../stores/dialogs';
import { useSession } from '../../../stores/session';
import { resetPassword } from '../api/login-api';
import { encryptPassword, forgetPublicKey } from '../password-crypto';
import { confirmRules, newPasswordRules, phoneRules, smsCodeRules } from './form-rules';
import { PhoneInput } from './phone-input';
import { SmsCodeButton } from './sms-code-button';

interface ResetValues {
  phone: string;
  code: string;
  password: string;
  confirm: string;
}

/**
 * Reset password (001 §4, §5): phone, code, new password and its confirmation. The phone is locked to
 * the account's own when logged in. The button enables only with all four filled and the passwords
 * equal; success says 密码修改成功. A visitor goes on to the login dialog.
 */
export function ResetPasswordDialog() {
  const open = useDialogs((state) => state.open.resetPassword);
  const closeDialog = useDialogs((state) => state.closeDialog);
  return (
    <Modal
      open={open}
      title="重置密码"
      width={420}
      centered
      footer={null}
      destroyOnHidden
      onCancel={() => closeDialog('resetPassword')}
      className="dso-account-dialog"
    >
      <ResetPasswordForm />
    </Modal>
  );
}

export function ResetPasswordForm() {
  const token = useSession((state) => state.token);
  const ownPhone = useSession((state) => state.userInfo?.phone ?? '');
  const locked = Boolean(token && ownPhone);
  const [form] = Form.useForm<ResetValues>();
  const values = {
    phone: Form.useWatch('phone', form) ?? '',
    code: Form.useWatch('code', form) ?? '',
    password: Form.useWatch('password', form) ?? '',
    confirm: Form.useWatch('confirm', form) ?? '',
  };
  const [loading, setLoading] = useState(false);
  const ready = canSubmitPasswordReset(values);

  // Logged in, the phone is the account's own; it follows the user info when that loads later.
  useEffect(() => {
    if (locked) form.setFieldValue('phone', ownPhone);
  }, [locked, ownPhone, form]);

  const submit = async () => {
    if (!ready || loading) return;
    const checked = await form.validateFields().catch(() => null);
    if (!checked) return;
    setLoading(true);
    try {
      const pwd = await encryptPassword(checked.password);
      await resetPassword({ phone: checked.phone.trim(), code: checked.code.trim(), pwd });
      toast('密码修改成功', 'success', 2000);
      const dialogs = useDialogs.getState();
      dialogs.closeDialog('resetPassword');
      if (!useSession.getState().token) dialogs.openDialog('login');
    } catch (error) {
      // A key rotated since the page loaded: the next try fetches the new one.
      if (error instanceof ApiError) forgetPublicKey();
      else if (error instanceof Error) toast(error.message);
    } finally {
      setLoading(false);
    }
  };

  return (
    <Form
      form={form}
      name="reset-password"
      className="dso-account-form"
      onFinish={() => void submit()}
      requiredMark={false}
    >
      <Form.Item name="phone" rules={phoneRules} validateTrigger="onBlur">
        <PhoneInput prefix={<MobileOutlined />} disabled={locked} />
      </Form.Item>
      <Form.Item name="code" rules={smsCodeRules} validateTrigger={false}>
        <Input
          size="large"
          placeholder="请输入验证码"
          maxLength={6}
          inputMode="numeric"
          autoComplete="one-time-code"
          prefix={<SafetyOutlined />}
          aria-label="验证码"
          suffix={<SmsCodeButton phone={values.phone} api={3} />}
        />
      </Form.Item>
      <Form.Item
        name="password"
        rules={newPasswordRules}
        validateTrigger="onBlur"
        extra="6-24位，需同时包含数字、大写字母和小写字母"
      >
        <Input.Password
          size="large"
          placeholder="请输入新密码"
          maxLength={24}
          autoComplete="new-password"
          prefix={<LockOutlined />}
          aria-label="新密码"
        />
      </Form.Item>
      <Form.Item name="confirm" dependencies={['password']} rules={confirmRules(form)} validateTrigger="onBlur">
        <Input.Password
          size="large"
          placeholder="请再次输入密码"
          maxLength={24}
          autoComplete="new-password"
          prefix={<LockOutlined />}
          aria-label="确认密码"
          onPressEnter={() => void submit()}
        />
      </Form.Item>
      <Button type="primary" size="large" block htmlType="submit" disabled={!ready} loading={loading}>
        确认修改
      </Button>
    </Form>
  );
}
