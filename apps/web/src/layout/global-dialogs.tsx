import { AccountDialogs } from '../features/account';
import { ContactDialog } from '../features/support/components/contact-dialog';
import { UpgradeDialogs } from '../features/upgrade';
import { LoginBar } from './login-bar';
import { PromoPendant } from './promo-pendant';

/** The global dialogs (001 §2) and the bottom bar and promo pendant that sit over every page. */
export function GlobalDialogs() {
  return (
    <>
      <ContactDialog />
      <AccountDialogs />
      <UpgradeDialogs />
      <LoginBar />
      <PromoPendant />
    </>
  );
}
