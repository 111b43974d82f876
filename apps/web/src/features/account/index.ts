/** The account feature's public face for the rest of the app. */
export { openChangePhoneDialog, openPhoneLoginDialog } from './account-dialogs';
export { AccountDialogs } from './components/account-dialogs';
export {
  finishLogin,
  linkDccAccount,
  loadRoles,
  loadUserInfo,
  logout,
  returnAfterLogin,
} from './session-actions';
