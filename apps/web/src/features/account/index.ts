/** The account feature's public face for the rest of the app. */
export {
  openChangePhoneDialog,
  openChildUnbindDialog,
  openCloseAccountDialog,
} from './account-dialogs';
/** The account dialogs live in their own chunk: the first page paints without their forms. */
export const loadAccountDialogs = () => import('./components/account-dialogs');
export { reportConversion } from './api/login-api';
export { reloadPage } from './reload-page';
export {
  finishLogin,
  linkDccAccount,
  loadRoles,
  loadUserInfo,
  logout,
  returnAfterLogin,
} from './session-actions';
