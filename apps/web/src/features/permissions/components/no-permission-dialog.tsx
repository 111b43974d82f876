import { CrownFilled, LockFilled } from '@ant-design/icons';
import { BUY_TIMES_TYPE, gradeNames, isTopTier, normalizeGrade, upgradeMessages, upgradeTarget } from '@dso/domain';
import { Button, Modal } from 'antd';
import { useEffect } from 'react';
import type { UpgradePromptPayload } from '../../../components';
import { useDialogs } from '../../../stores/dialogs';
import { useSession } from '../../../stores/session';
import { loadRoles } from '../../account';
import { type BuyTimesPayload, TierComparison } from '../../orders';
import type { PayDialogOpenPayload } from '../quota';
import { TierLadder } from './tier-ladder';

/**
 * The no-permission upgrade dialog (001 §2, §6): the message (daily count, row cap, plain
 * insufficiency, a used-up quota), the upgrade ladder with the offered tier and what each tier gets.
 * The offer follows the escalation rule: the payload's tier, one step up when it is the user's own.
 * Top tier (EVIP and above) is offered the usage-count recharge instead.
 */
export function NoPermissionDialog() {
  const open = useDialogs((state) => state.open.noPermission);
  const payload = useDialogs((state) => state.payload.noPermission) as UpgradePromptPayload | undefined;
  const closeDialog = useDialogs((state) => state.closeDialog);
  const openDialog = useDialogs((state) => state.openDialog);
  const token = useSession((state) => state.token);
  const rawGrade = useSession((state) => state.userInfo?.grade);
  const hasRoles = useSession((state) => state.roles.length > 0);

  useEffect(() => {
    if (open && !hasRoles) void loadRoles().catch(() => undefined);
  }, [open, hasRoles]);

  const current = normalizeGrade(rawGrade);
  const topTier = Boolean(token) && isTopTier(rawGrade);
  const target = upgradeTarget(current, payload?.grade);
  const message = payload?.message || upgradeMessages.insufficientRights;
  const close = () => closeDialog('noPermission');

  const upgrade = () => {
    close();
    if (!token) {
      openDialog('login');
      return;
    }
    const pay: PayDialogOpenPayload = { grade: target };
    openDialog('pay', pay);
  };

  const buyTimes = () => {
    close();
    const buy: BuyTimesPayload = { type: BUY_TIMES_TYPE, message };
    openDialog('buyTimes', buy);
  };

  const footer = (
    <div className="dso-upgrade-footer">
      {topTier ? (
        <>
          <Button onClick={close}>我知道了</Button>
          <Button type="primary" onClick={buyTimes}>
            购买次数
          </Button>
        </>
      ) : (
        <>
          <Button onClick={close}>暂不升级</Button>
          <Button className="dso-upgrade-cta" icon={<CrownFilled />} onClick={upgrade}>
            {token ? `升级到${gradeNames[target]}` : '立即登录'}
          </Button>
        </>
      )}
    </div>
  );

  return (
    <Modal
      open={open}
      width={640}
      centered
      destroyOnHidden
      onCancel={close}
      footer={footer}
      className="dso-upgrade-dialog"
      title={null}
    >
      <div className="dso-no-permission" data-testid="no-permission-dialog">
        <div className="dso-no-permission__head">
          <span className="dso-no-permission__icon" aria-hidden="true">
            {topTier ? <CrownFilled /> : <LockFilled />}
          </span>
          <div>
            <h3 className="dso-no-permission__title">{topTier ? '今日次数已用尽' : '升级会员，解锁更多数据'}</h3>
            <p className="dso-no-permission__message">{message}</p>
          </div>
        </div>
        {!topTier && (
          <>
            <TierLadder current={current} target={target} />
            <TierComparison highlight={target} />
          </>
        )}
      </div>
    </Modal>
  );
}
