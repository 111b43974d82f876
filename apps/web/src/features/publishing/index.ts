/**
 * The publishing feature's public face: 账号授权 of the personal centre loads lazily in its
 * own chunk; the pages are the route table's.
 */
export const loadAuthorizedAccountsSection = () => import('./components/authorized-accounts');
export { accountsQuery as authorizedAccountsQuery } from './api/publishing';
