import { SafetyOutlined } from '@ant-design/icons';
import { maskPhone } from '@dso/domain';
import { Button, Steps } from 'antd';
import { useState } from 'react';
import { toast } from '../../../lib/feedback';
import { useSession } from '../../../stores/session';
import { useAccountDialogs } from '../account-dialogs';
import { updateUserPhone, verifyCurrentPhone } from '../api/login-api';
import { loadUserInfo } from '../session-actions';
import { AccountForm, AccountSubmitButton, usePhoneCodeForm, useStepSubmit } from './account-form';
import { AccountModal } from './account-modal';
import { PhoneItem, SmsCodeInput, SmsCodeItem } from './form-fields';

/**
 * Change phone (001 §7 send_user_update_phone, verify_raw_code, update_user_phone): first a code to
 * the current phone proves the owner, then the new phone and its own code.
 */
export function ChangePhoneDialog() {
  const open = useAccountDialogs((state) => state.open.changePhone);
  const close = useAccountDialogs((state) => state.closeAccountDialog);
  return (
    <AccountModal open={open} title="修改手机号" width={440} onCancel={() => close('changePhone')}>
      <ChangePhoneSteps onDone={() => close('changePhone')} />
    </AccountModal>
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
  const { submit: next, loading } = useStepSubmit(code.trim() !== '', async () => {
    const result = await verifyCurrentPhone(code.trim());
    onVerified(result.verify_token);
  });
  return (
    <div className="dso-account-form">
      <p className="dso-account-lead">验证码将发送至当前手机号 {maskPhone(phone)}</p>
      <SmsCodeInput
        phone={phone}
        api={4}
        sendType="OldPhone"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        onPressEnter={next}
        prefix={<SafetyOutlined />}
      />
      <Button type="primary" size="large" block disabled={!code.trim()} loading={loading} onClick={next}>
        下一步
      </Button>
    </div>
  );
}

function NewPhoneStep({ proof, onDone }: { proof: string; onDone(): void }) {
  const { form, phone, isReady, submit, loading } = usePhoneCodeForm(async (values) => {
    await updateUserPhone({ ...values, verify_token: proof });
    toast('手机号修改成功', 'success', 2000);
    await loadUserInfo().catch(() => undefined);
    onDone();
  });
  return (
    <AccountForm form={form} name="change-phone" onSubmit={submit}>
      <PhoneItem placeholder="请输入新手机号" autoFocus />
      <SmsCodeItem
        phone={phone}
        api={4}
        sendType="NewPhone"
        prefix={<SafetyOutlined />}
        aria-label="新手机号验证码"
        onPressEnter={submit}
      />
      <AccountSubmitButton isReady={isReady} loading={loading}>
        确认修改
      </AccountSubmitButton>
    </AccountForm>
  );
}
