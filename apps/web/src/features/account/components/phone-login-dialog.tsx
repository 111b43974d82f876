import { Modal } from 'antd';
import { useAccountDialogs } from '../account-dialogs';
import { AgreementLine } from './agreement-line';
import { PhoneCodeForm } from './phone-code-form';

/** The separate phone-and-code dialog (001 §2): phone, code with its get-code link, and 注册/登录. */
export function PhoneLoginDialog() {
  const open = useAccountDialogs((state) => state.open.phoneLogin);
  const close = useAccountDialogs((state) => state.closeAccountDialog);
  return (
    <Modal
      open={open}
      title="手机号注册/登录"
      width={420}
      centered
      footer={null}
      destroyOnHidden
      onCancel={() => close('phoneLogin')}
      className="dso-account-dialog"
    >
      <p className="dso-account-lead">未注册的手机号验证后将自动注册</p>
      <PhoneCodeForm name="phone-login" submitText="注册/登录" />
      <AgreementLine />
    </Modal>
  );
}
