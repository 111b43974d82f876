import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { maskPhone } from '@dso/domain';
import { Button, Form, Input, Modal, Steps } from 'antd';
import { useState } from 'react';
import { toast } from '../../../lib/feedback';
import { useSession } from '../../../stores/session';
import { useAccountDialogs } from '../account-dialogs';
import { updateUserPhone, verifyCurrentPhone } from '../api/login-api';
import { loadUserInfo } from '../session-actions';
import { allFilled, phoneRules, smsCodeRules } from './form-rules';
import { PhoneInput } from './phone-input';
import { SmsCodeButton } from './sms-code-button';

/**
 * Change phone (001 §7 send_user_update_phone, verify_raw_code, update_user_phone): first a code to
 * the current phone proves the owner, then the new phone and its own code.
 */
export function ChangePhoneDialog() {
  const open = useAccountDialogs((state) => state.open.changePhone);
  const close = useAccountDialogs((state) => state.closeAccountDialog);
  return (
    <Modal
      open={open}
      title="修改手机号"
      width={440}
      centered
      footer={null}
      destroyOnHidden
      onCancel={() => close('changePhone')}
      className="dso-account-dialog"
    >
      <ChangePhoneSteps onDone={() => close('changePhone')} />
    </Modal>
  );
}

function ChangePhoneSteps({ onDone }: { onDone(): void }) {
  const [proof, setProof] = useState<string | null>(null);
  return (
    <>
      <Steps
        size="small"
        current={proof ? 1 : 0}
        items={[{ title: '验证原手机号' }, { title: '绑定新手机号' }]}
        className="dso-account-steps"
      />
      {proof ? <NewPhoneStep proof={proof} onDone={onDone} /> : <CurrentPhoneStep onVerified={setProof} />}
    </>
  );
}

function CurrentPhoneStep({ onVerified }: { onVerified(proof: string): void }) {
  const phone = useSession((state) => state.userInfo?.phone ?? '');
  const [code, setCode] = useState('');
  const [loading, setLoading] = useState(false);
  const next = async () => {
    if (!code.trim() || loading) return;
    setLoading(true);
    try {
      const result = await verifyCurrentPhone(code.trim());
      onVerified(result.verify_token);
    } catch {
      // Told by the response handler.
    } finally {
      setLoading(false);
    }
  };
  return (
    <div className="dso-account-form">
      <p className="dso-account-lead">验证码将发送至当前手机号 {maskPhone(phone)}</p>
      <Input
        size="large"
        placeholder="请输入验证码"
        maxLength={6}
        inputMode="numeric"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        onPressEnter={() => void next()}
        prefix={<SafetyOutlined />}
        aria-label="验证码"
        suffix={<SmsCodeButton phone={phone} api={4} type="OldPhone" />}
      />
      <Button type="primary" size="large" block disabled={!code.trim()} loading={loading} onClick={() => void next()}>
        下一步
      </Button>
    </div>
  );
}

function NewPhoneStep({ proof, onDone }: { proof: string; onDone(): void }) {
  const [form] = Form.useForm<{ phone: string; code: string }>();
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
      await updateUserPhone({ phone: values.phone.trim(), code: values.code.trim(), verify_token: proof });
      toast('手机号修改成功', 'success', 2000);
      await loadUserInfo().catch(() => undefined);
      onDone();
    } catch {
      // Told by the response handler.
    } finally {
      setLoading(false);
    }
  };
  return (
    <Form
      form={form}
      name="change-phone"
      className="dso-account-form"
      onFinish={() => void submit()}
      requiredMark={false}
    >
      <Form.Item name="phone" rules={phoneRules} validateTrigger="onBlur">
        <PhoneInput prefix={<MobileOutlined />} placeholder="请输入新手机号" autoFocus />
      </Form.Item>
      <Form.Item name="code" rules={smsCodeRules} validateTrigger={false}>
        <Input
          size="large"
          placeholder="请输入验证码"
          maxLength={6}
          inputMode="numeric"
          prefix={<SafetyOutlined />}
          aria-label="新手机号验证码"
          onPressEnter={() => void submit()}
          suffix={<SmsCodeButton phone={phone} api={4} type="NewPhone" />}
        />
      </Form.Item>
      <Button type="primary" size="large" block htmlType="submit" disabled={!ready} loading={loading}>
        确认修改
      </Button>
    </Form>
  );
}
