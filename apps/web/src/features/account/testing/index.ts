/** Test helpers of the account feature, and the parts of it other features' tests render or reset. */

export { useAccountDialogs } from '../account-dialogs';
export { AgreementLine } from '../components/agreement-line';
export { CloseAccountDialog } from '../components/close-account-dialog';
export * from './mock-api';
export * from './reload-spy';
export * from './rsa-key';
