import { GiftFilled } from '@ant-design/icons';
import type { Grade } from '@dso/domain';
import { Button, Modal, QRCode } from 'antd';
import { useDialogs } from '../../../stores/dialogs';
import { useSiteInfo } from '../../support';
import '../orders.css';

/** Payload of the retention prompt: the tier to reopen the pay box on. */
export interface RetentionPayload {
  grade: Grade;
}

/**
 * The pay dialog's retention prompt (001 §2): shown when the pay dialog is closed by a user who holds
 * a coupon and is not a child account. It invites following the official account (its QR when the
 * site has one configured) and offers 残忍离开 or 继续支付, which reopens the pay box on the same tier.
 */
export function RetentionDialog() {
  const open = useDialogs((state) => state.open.retention);
  const payload = useDialogs((state) => state.payload.retention) as RetentionPayload | undefined;
  const closeDialog = useDialogs((state) => state.closeDialog);
  const openDialog = useDialogs((state) => state.openDialog);
  const officialAccount = useSiteInfo()?.official_account_url;
  const leave = () => closeDialog('retention');
  const stay = () => {
    closeDialog('retention');
    openDialog('pay', { grade: payload?.grade ?? 'VIP' });
  };
  return (
    <Modal
      open={open}
      width={420}
      centered
      destroyOnHidden
      onCancel={leave}
      className="orders-retention"
      footer={
        <div className="orders-retention__actions">
          <Button onClick={leave}>残忍离开</Button>
          <Button className="dso-upgrade-cta" onClick={stay}>
            继续支付
          </Button>
        </div>
      }
    >
      <div className="orders-retention__body" data-testid="retention-dialog">
        <GiftFilled className="orders-retention__icon" aria-hidden />
        <h3 className="orders-retention__title">您还有优惠券未使用</h3>
        <p className="orders-retention__text">现在开通可直接抵扣，关注公众号还能第一时间收到会员优惠与到期提醒</p>
        {officialAccount && (
          <figure className="orders-retention__qr">
            <div className="orders-retention__card">
              <QRCode
                value={officialAccount}
                size={132}
                type="svg"
                color="#0d0f14"
                bgColor="#ffffff"
                bordered={false}
              />
            </div>
            <figcaption>微信扫码关注公众号</figcaption>
          </figure>
        )}
      </div>
    </Modal>
  );
}
