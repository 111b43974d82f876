import { useAccountDialogs } from '../account-dialogs';
import { AccountModal } from './account-modal';
import { AgreementLine } from './agreement-line';
import { PhoneCodeForm } from './phone-code-form';

/** The separate phone-and-code dialog (001 §2): phone, code with its get-code link, and 注册/登录. */
export function PhoneLoginDialog() {
  const open = useAccountDialogs((state) => state.open.phoneLogin);
  const close = useAccountDialogs((state) => state.closeAccountDialog);
  return (
    <AccountModal open={open} title="手机号注册/登录" onCancel={() => close('phoneLogin')}>
      <p className="dso-account-lead">未注册的手机号验证后将自动注册</p>
      <PhoneCodeForm name="phone-login" submitText="注册/登录" />
      <AgreementLine />
    </AccountModal>
  );
}
