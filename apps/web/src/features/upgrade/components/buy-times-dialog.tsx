import { ClockCircleFilled } from '@ant-design/icons';
import { upgradeMessages } from '@dso/domain';
import { Button, Modal, QRCode } from 'antd';
import { useDialogs } from '../../../stores/dialogs';
import { useSiteInfo } from '../../support';
import type { BuyTimesPayload } from '../quota';

/**
 * The buy-times contact dialog (001 §2): 本日次数已用尽 and the customer-service QR through which
 * usage-count packs are bought (type 9 for extraction counts).
 */
export function BuyTimesDialog() {
  const open = useDialogs((state) => state.open.buyTimes);
  const payload = useDialogs((state) => state.payload.buyTimes) as BuyTimesPayload | undefined;
  const closeDialog = useDialogs((state) => state.closeDialog);
  const close = () => closeDialog('buyTimes');
  const supportUrl = useSiteInfo()?.support_wechat_url;
  const detail = payload?.message && payload.message !== upgradeMessages.buyTimes ? payload.message : null;
  return (
    <Modal
      open={open}
      width={400}
      centered
      destroyOnHidden
      onCancel={close}
      footer={
        <div className="dso-upgrade-footer dso-upgrade-footer--center">
          <Button type="primary" onClick={close}>
            我知道了
          </Button>
        </div>
      }
      className="dso-upgrade-dialog"
    >
      <div className="dso-buy-times" data-testid="buy-times-dialog" data-type={payload?.type ?? ''}>
        <ClockCircleFilled className="dso-buy-times__icon" aria-hidden />
        <h3 className="dso-buy-times__title">{upgradeMessages.buyTimes}</h3>
        {detail && <p className="dso-buy-times__detail">{detail}</p>}
        {supportUrl ? (
          <>
            <div className="dso-buy-times__qr">
              <QRCode value={supportUrl} size={156} type="svg" color="#0d0f14" bgColor="#ffffff" bordered={false} />
            </div>
            <p className="dso-buy-times__hint">微信扫码联系客服，购买次数包即可继续使用</p>
          </>
        ) : (
          <p className="dso-buy-times__hint">请联系客服购买次数包</p>
        )}
      </div>
    </Modal>
  );
}
