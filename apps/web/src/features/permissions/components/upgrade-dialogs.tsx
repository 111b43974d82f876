import { NoPermissionDialog } from './no-permission-dialog';
import { PayDialog } from './pay-dialog';
import '../upgrade.css';

/**
 * The upgrade dialogs (001 §2), mounted once by the layout's global dialogs. The buy-times path of
 * top-tier members opens the orders feature's recharge dialog (its packs and the support line).
 */
export function UpgradeDialogs() {
  return (
    <>
      <NoPermissionDialog />
      <PayDialog />
    </>
  );
}
