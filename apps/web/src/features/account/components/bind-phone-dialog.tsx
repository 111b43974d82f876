import { LockOutlined, MobileOutlined, WechatOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { toast } from '../../../lib/feedback';
import { readSession, writeSession } from '../../../lib/storage';
import { useDialogs } from '../../../stores/dialogs';
import { bindPhone } from '../api/login-api';
import { establishSession, returnAfterLogin } from '../session-actions';
import { AgreementLine } from './agreement-line';
import { allFilled, phoneRules, smsCodeRules } from './form-rules';
import { PhoneInput } from './phone-input';
import { SmsCodeButton } from './sms-code-button';
import { type BindPhonePayload, OPEN_ID_KEY } from './wechat-qr-login';

interface BindValues {
  phone: string;
  code: string;
}

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
    <Modal
      open={open}
      title="绑定手机号"
      width={420}
      centered
      footer={null}
      destroyOnHidden
      onCancel={() => {
        writeSession(OPEN_ID_KEY, null);
        closeDialog('bindPhone');
      }}
      className="dso-account-dialog"
    >
      <BindPhoneForm
        openId={payload?.openId ?? readSession(OPEN_ID_KEY) ?? ''}
        onRescan={() => {
          closeDialog('bindPhone');
          openDialog('login');
        }}
      />
    </Modal>
  );
}

function BindPhoneForm({ openId, onRescan }: { openId: string; onRescan(): void }) {
  const [form] = Form.useForm<BindValues>();
  const phone = Form.useWatch('phone', form) ?? '';
  const code = Form.useWatch('code', form) ?? '';
  const [loading, setLoading] = useState(false);
  const ready = allFilled(phone, code);

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

  const submit = async () => {
    if (!ready || loading) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setLoading(true);
    try {
      const result = await bindPhone({ phone: values.phone.trim(), code: values.code.trim(), open_id: openId });
      writeSession(OPEN_ID_KEY, null);
      await establishSession(result);
      toast('绑定成功', 'success', 2000);
      useDialogs.getState().closeDialog('bindPhone');
      returnAfterLogin();
    } catch {
      // Told by the response handler.
    } finally {
      setLoading(false);
    }
  };

  return (
    <Form
      form={form}
      name="bind-phone"
      className="dso-account-form"
      onFinish={() => void submit()}
      requiredMark={false}
    >
      <p className="dso-account-lead">
        <WechatOutlined className="dso-account-lead__wechat" />{' '}
        微信授权成功。为了账号安全，请绑定手机号，绑定后可用手机号或微信登录。
      </p>
      <Form.Item name="phone" rules={phoneRules} validateTrigger="onBlur">
        <PhoneInput prefix={<MobileOutlined />} autoFocus />
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
          suffix={<SmsCodeButton phone={phone} api={2} />}
        />
      </Form.Item>
      <Button type="primary" size="large" block htmlType="submit" disabled={!ready} loading={loading}>
        绑定并登录
      </Button>
      <AgreementLine />
    </Form>
  );
}
