import { useEffect } from 'react';
import { installCaptchaChallenge } from '../captcha';
import { BindPhoneDialog } from './bind-phone-dialog';
import { CaptchaDialog } from './captcha-dialog';
import { ChangePhoneDialog } from './change-phone-dialog';
import { ChildBindDialog, ChildUnbindDialog } from './child-bind-dialog';
import { CloseAccountDialog } from './close-account-dialog';
import { ClosureCancelledDialog } from './closure-cancelled-dialog';
import { DccLinkDialog } from './dcc-link-dialog';
import { LoginDialog } from './login-dialog';
import { PhoneLoginDialog } from './phone-login-dialog';
import { ResetPasswordDialog } from './reset-password-dialog';
import { SetPasswordDialog } from './set-password-dialog';
import '../account.css';

/** Every account dialog (001 §2), mounted once by the layout's global dialogs. */
export function AccountDialogs() {
  useEffect(() => installCaptchaChallenge(), []);
  return (
    <>
      <LoginDialog />
      <PhoneLoginDialog />
      <BindPhoneDialog />
      <ResetPasswordDialog />
      <SetPasswordDialog />
      <ChangePhoneDialog />
      <DccLinkDialog />
      <ChildBindDialog />
      <ChildUnbindDialog />
      <CloseAccountDialog />
      <ClosureCancelledDialog />
      <CaptchaDialog />
    </>
  );
}
