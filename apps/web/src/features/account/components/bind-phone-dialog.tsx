import { LockOutlined, WechatOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { toast } from '../../../lib/feedback';
import { readSession, writeSession } from '../../../lib/storage';
import { useDialogs } from '../../../stores/dialogs';
import { bindPhone } from '../api/login-api';
import { establishSession, returnAfterLogin } from '../session-actions';
import { AccountForm, AccountSubmitButton, usePhoneCodeForm } from './account-form';
import { AccountModal } from './account-modal';
import { AgreementLine } from './agreement-line';
import { PhoneItem, SmsCodeItem } from './form-fields';
import { type BindPhonePayload, OPEN_ID_KEY } from './wechat-qr-login';

/**
 * Bind phone (001 §4): a WeChat account without a DSO account gives a phone and its code; the result
 * is a session. The button stays disabled until phone and code are filled. Success says 绑定成功.
 */
export function BindPhoneDialog() {
  const open = useDialogs((state) => state.open.bindPhone);
  const payload = useDialogs((state) => state.payload.bindPhone) as BindPhonePayload | undefined;
  const closeDialog = useDialogs((state) => state.closeDialog);
  const openDialog = useDialogs((state) => state.openDialog);
  return (
    <AccountModal
      open={open}
      title="绑定手机号"
      onCancel={() => {
        writeSession(OPEN_ID_KEY, null);
        closeDialog('bindPhone');
      }}
    >
      <BindPhoneForm
        openId={payload?.openId ?? readSession(OPEN_ID_KEY) ?? ''}
        onRescan={() => {
          closeDialog('bindPhone');
          openDialog('login');
        }}
      />
    </AccountModal>
  );
}

function BindPhoneForm({ openId, onRescan }: { openId: string; onRescan(): void }) {
  const { form, phone, isReady, submit, loading } = usePhoneCodeForm(async (values) => {
    const result = await bindPhone({ ...values, open_id: openId });
    writeSession(OPEN_ID_KEY, null);
    await establishSession(result);
    toast('绑定成功', 'success', 2000);
    useDialogs.getState().closeDialog('bindPhone');
    returnAfterLogin();
  });

  if (!openId) {
    return (
      <div className="dso-account-empty">
        <p>微信授权已失效，请重新扫码</p>
        <Button type="primary" onClick={onRescan}>
          重新扫码
        </Button>
      </div>
    );
  }

  return (
    <AccountForm form={form} name="bind-phone" onSubmit={submit}>
      <p className="dso-account-lead">
        <WechatOutlined className="dso-account-lead__wechat" />{' '}
        微信授权成功。为了账号安全，请绑定手机号，绑定后可用手机号或微信登录。
      </p>
      <PhoneItem autoFocus />
      <SmsCodeItem phone={phone} api={2} autoComplete="one-time-code" prefix={<LockOutlined />} onPressEnter={submit} />
      <AccountSubmitButton isReady={isReady} loading={loading}>
        绑定并登录
      </AccountSubmitButton>
      <AgreementLine />
    </AccountForm>
  );
}
