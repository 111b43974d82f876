import { CrownFilled } from '@ant-design/icons';
import { normalizeGrade, PAY_GRADES, type PayGrade, upgradeTarget } from '@dso/domain';
import { Modal, Spin } from 'antd';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useMemberDialog } from '../../../lib/use-member-dialog';
import { useDialogs } from '../../../stores/dialogs';
import { useSession } from '../../../stores/session';
import { loadPayBox, loadRetentionDialog, payTierOf, type RetentionPayload, useCouponList } from '../../orders';
import type { PayDialogOpenPayload } from '../quota';

const PayBox = lazy(async () => ({ default: (await loadPayBox()).PayBox }));
const RetentionDialog = lazy(async () => ({ default: (await loadRetentionDialog()).RetentionDialog }));

/** The pay dialog's width (001 §2: the pay box in a 900 px modal). */
export const PAY_DIALOG_WIDTH = 900;

function payTier(grade: string | undefined, current: string | undefined): PayGrade {
  const tier = payTierOf(grade ? normalizeGrade(grade) : upgradeTarget(normalizeGrade(current)));
  return (PAY_GRADES as readonly string[]).includes(tier) ? (tier as PayGrade) : 'VIP';
}

/**
 * The pay dialog (001 §2): the pay box on the tier the upgrade ladder offers (the payload's grade).
 * Paying requires login, so a visitor is sent to the login dialog. Closing it while holding a coupon,
 * unless a child account, opens the retention prompt; being paid or running out closes it without.
 */
export function PayDialog() {
  const { shown, close } = useMemberDialog('pay');
  const retentionOpen = useDialogs((state) => state.open.retention);
  const payload = useDialogs((state) => state.payload.pay) as PayDialogOpenPayload | undefined;
  const openDialog = useDialogs((state) => state.openDialog);
  const grade = useSession((state) => state.userInfo?.grade);
  const isChild = useSession((state) => Boolean(state.userInfo?.sub_account));
  const coupons = useCouponList(shown && !isChild);
  const initialTier = payTier(payload?.grade, grade);
  const tier = useRef<PayGrade>(initialTier);

  useEffect(() => {
    if (shown) tier.current = initialTier;
  }, [shown, initialTier]);

  const dismiss = () => {
    close();
    if (!isChild && (coupons.data?.length ?? 0) > 0) {
      const retention: RetentionPayload = { grade: tier.current };
      openDialog('retention', retention);
    }
  };

  return (
    <>
      <Modal
        open={shown}
        width={PAY_DIALOG_WIDTH}
        centered
        destroyOnHidden
        footer={null}
        onCancel={dismiss}
        className="dso-upgrade-dialog dso-pay-dialog"
        title={
          <span className="dso-pay-dialog__title">
            <CrownFilled /> 开通会员
          </span>
        }
      >
        <Suspense fallback={<Spin className="dso-pay-dialog__loading" />}>
          <PayBox
            initialTier={initialTier}
            mode="dialog"
            message={payload?.message}
            onTierChange={(next) => {
              tier.current = next;
            }}
            onPaid={close}
            onExpired={close}
          />
        </Suspense>
      </Modal>
      {retentionOpen && (
        <Suspense fallback={null}>
          <RetentionDialog />
        </Suspense>
      )}
    </>
  );
}
