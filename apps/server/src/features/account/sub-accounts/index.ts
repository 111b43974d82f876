/** What the sub-accounts part offers the rest of the account: its routes, the purchase rule for children, and closure. */
export { CLOSED_CHILD_PHONE, dissolveLinksOfClosedAccount } from './sub-accounts.erase';
export { subAccountsRoutes } from './sub-accounts.routes';
export {
  type AccountLink,
  assertCanPurchase,
  dissolveLinkOf,
  isChildAccount,
  listLinksOfAccount,
} from './sub-accounts.service';
