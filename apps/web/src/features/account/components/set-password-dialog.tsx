import { Button, Form } from 'antd';
import { toast } from '../../../lib/feedback';
import { allFilled } from '../../../lib/form-rules';
import { useAccountDialogs } from '../account-dialogs';
import { setFirstPassword } from '../api/login-api';
import { encryptPassword, handleNewPasswordFailure } from '../password-crypto';
import { AccountForm, useAccountSubmit } from './account-form';
import { AccountModal } from './account-modal';
import { NewPasswordItems } from './form-fields';

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
    <AccountModal open={open} title="设置登录密码" mask={{ closable: false }} onCancel={finish}>
      <SetPasswordForm onDone={finish} />
    </AccountModal>
  );
}

function SetPasswordForm({ onDone }: { onDone(): void }) {
  const [form] = Form.useForm<SetPasswordValues>();
  const password = Form.useWatch('password', form) ?? '';
  const confirm = Form.useWatch('confirm', form) ?? '';
  const isReady = allFilled(password, confirm) && password === confirm;
  const { submit, loading } = useAccountSubmit({
    form,
    isReady,
    send: async (values) => {
      await setFirstPassword(await encryptPassword(values.password));
      toast('设置成功', 'success', 2000);
      onDone();
    },
    onFailure: handleNewPasswordFailure,
  });

  return (
    <AccountForm form={form} name="set-password" onSubmit={submit}>
      <p className="dso-account-lead">注册成功！设置密码后，也可以使用手机号和密码登录。</p>
      <NewPasswordItems autoFocus onSubmit={submit} />
      <div className="dso-account-form__actions">
        <Button size="large" onClick={onDone}>
          跳过
        </Button>
        <Button type="primary" size="large" htmlType="submit" disabled={!isReady} loading={loading}>
          完成
        </Button>
      </div>
    </AccountForm>
  );
}
