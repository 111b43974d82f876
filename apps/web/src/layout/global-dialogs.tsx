import { lazy, Suspense } from 'react';
import { loadAccountDialogs } from '../features/account';
import { loadUpgradeDialogs } from '../features/permissions';
import { loadVideoDialog } from '../features/videos';
import { LoginBar } from './login-bar';
import { PromoPendant } from './promo-pendant';

// The dialogs' forms, tabs and QR code are most of antd's weight; the page paints without them and
// their chunks load right after. A dialog asked for meanwhile is a store flag, shown once they arrive.
const AccountDialogs = lazy(async () => ({ default: (await loadAccountDialogs()).AccountDialogs }));
const UpgradeDialogs = lazy(async () => ({ default: (await loadUpgradeDialogs()).UpgradeDialogs }));
const VideoDialog = lazy(async () => ({ default: (await loadVideoDialog()).VideoDialog }));
const CardExchangeDialog = lazy(async () => ({
  default: (await import('../features/orders/components/card-exchange-dialog')).CardExchangeDialog,
}));
const RechargeDialog = lazy(async () => ({
  default: (await import('../features/orders/components/recharge-dialog')).RechargeDialog,
}));
const ContactDialog = lazy(async () => ({
  default: (await import('../features/support/components/contact-dialog')).ContactDialog,
}));

/** The global dialogs (001 §2) and the bottom bar and promo pendant that sit over every page. */
export function GlobalDialogs() {
  return (
    <>
      <Suspense fallback={null}>
        <ContactDialog />
        <AccountDialogs />
        <UpgradeDialogs />
        <CardExchangeDialog />
        <RechargeDialog />
        <VideoDialog />
      </Suspense>
      <LoginBar />
      <PromoPendant />
    </>
  );
}
