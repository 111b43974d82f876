import { BuyTimesDialog } from './buy-times-dialog';
import { NoPermissionDialog } from './no-permission-dialog';
import { PayDialog } from './pay-dialog';
import '../upgrade.css';

/** The upgrade dialogs (001 §2), mounted once by the layout's global dialogs. */
export function UpgradeDialogs() {
  return (
    <>
      <NoPermissionDialog />
      <PayDialog />
      <BuyTimesDialog />
    </>
  );
}
