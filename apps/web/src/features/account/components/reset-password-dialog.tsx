import { SafetyOutlined } from '@ant-design/icons';
import { canSubmitPasswordReset } from '@dso/domain';
import { Form } from 'antd';
import { useEffect } from 'react';
import { toast } from '../../../lib/feedback';
import { useDialogs } from '../../../stores/dialogs';
import { useSession } from '../../../stores/session';
import { resetPassword } from '../api/login-api';
import { encryptPassword, handleNewPasswordFailure } from '../password-crypto';
import { AccountForm, AccountSubmitButton, useAccountSubmit } from './account-form';
import { AccountModal } from './account-modal';
import { NewPasswordItems, PhoneItem, SmsCodeItem } from './form-fields';

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
    <AccountModal open={open} title="重置密码" onCancel={() => closeDialog('resetPassword')}>
      <ResetPasswordForm />
    </AccountModal>
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
  const isReady = canSubmitPasswordReset(values);
  const { submit, loading } = useAccountSubmit({
    form,
    isReady,
    send: sendReset,
    onFailure: handleNewPasswordFailure,
  });

  // Logged in, the phone is the account's own; it follows the user info when that loads later.
  useEffect(() => {
    if (locked) form.setFieldValue('phone', ownPhone);
  }, [locked, ownPhone, form]);

  return (
    <AccountForm form={form} name="reset-password" onSubmit={submit}>
      <PhoneItem disabled={locked} />
      <SmsCodeItem phone={values.phone} api={3} autoComplete="one-time-code" prefix={<SafetyOutlined />} />
      <NewPasswordItems onSubmit={submit} />
      <AccountSubmitButton isReady={isReady} loading={loading}>
        确认修改
      </AccountSubmitButton>
    </AccountForm>
  );
}

async function sendReset(values: ResetValues) {
  const pwd = await encryptPassword(values.password);
  await resetPassword({ phone: values.phone.trim(), code: values.code.trim(), pwd });
  toast('密码修改成功', 'success', 2000);
  const dialogs = useDialogs.getState();
  dialogs.closeDialog('resetPassword');
  if (!useSession.getState().token) dialogs.openDialog('login');
}
