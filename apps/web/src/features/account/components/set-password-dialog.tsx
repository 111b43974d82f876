import { LockOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../lib/api/errors';
import { toast } from '../../../lib/feedback';
import { useAccountDialogs } from '../account-dialogs';
import { setFirstPassword } from '../api/login-api';
import { encryptPassword, forgetPublicKey } from '../password-crypto';
import { allFilled, confirmRules, newPasswordRules } from './form-rules';

interface SetPasswordValues {
  password: string;
  confirm: string;
}

/**
 * The first password of an account just registered by code (`user/perfect`), so the user can also
 * log in with phone and password. Skippable: the reset-password dialog sets one later.
 */
export function SetPasswordDialog() {
  const open = useAccountDialogs((state) => state.open.setPassword);
  const finish = () => {
    const { afterSetPassword, closeAccountDialog } = useAccountDialogs.getState();
    closeAccountDialog('setPassword');
    useAccountDialogs.setState({ afterSetPassword: null });
    afterSetPassword?.();
  };
  return (
    <Modal
      open={open}
      title="设置登录密码"
      width={420}
      centered
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
      onCancel={finish}
      className="dso-account-dialog"
    >
      <SetPasswordForm onDone={finish} />
    </Modal>
  );
}

function SetPasswordForm({ onDone }: { onDone(): void }) {
  const [form] = Form.useForm<SetPasswordValues>();
  const password = Form.useWatch('password', form) ?? '';
  const confirm = Form.useWatch('confirm', form) ?? '';
  const [loading, setLoading] = useState(false);
  const ready = allFilled(password, confirm) && password === confirm;

  const submit = async () => {
    if (!ready || loading) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setLoading(true);
    try {
      await setFirstPassword(await encryptPassword(values.password));
      toast('设置成功', 'success', 2000);
      onDone();
    } catch (error) {
      if (error instanceof ApiError) forgetPublicKey();
      else if (error instanceof Error) toast(error.message);
    } finally {
      setLoading(false);
    }
  };

  return (
    <Form
      form={form}
      name="set-password"
      className="dso-account-form"
      onFinish={() => void submit()}
      requiredMark={false}
    >
      <p className="dso-account-lead">注册成功！设置密码后，也可以使用手机号和密码登录。</p>
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
          autoFocus
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
      <div className="dso-account-form__actions">
        <Button size="large" onClick={onDone}>
          跳过
        </Button>
        <Button type="primary" size="large" htmlType="submit" disabled={!ready} loading={loading}>
          完成
        </Button>
      </div>
    </Form>
  );
}
