import { MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { Modal } from 'antd';
import { useDialogs } from '../../../stores/dialogs';
import { useSiteInfo } from '../api/get-site-info';
import { ContactQr } from './contact-qr';

/** 联系客服: the support WeChat QR with phone and e-mail (000 §2.5), as the operator configured them. */
export function ContactDialog() {
  const open = useDialogs((state) => state.open.contact);
  const closeDialog = useDialogs((state) => state.closeDialog);
  const site = useSiteInfo();
  return (
    <Modal open={open} onCancel={() => closeDialog('contact')} footer={null} width={380} centered title="联系客服">
      <div className="contact-dialog" data-testid="contact-dialog">
        {site?.support_wechat_url ? (
          <>
            <ContactQr value={site.support_wechat_url} size={168} />
            <p className="contact-dialog-hint">微信扫码添加专属客服，为您解答产品与会员问题</p>
          </>
        ) : null}
        <div className="contact-dialog-lines">
          {site?.phone ? (
            <span>
              <PhoneOutlined /> {site.phone}
            </span>
          ) : null}
          {site?.email ? (
            <a href={`mailto:${site.email}`}>
              <MailOutlined /> {site.email}
            </a>
          ) : null}
          {site && !site.support_wechat_url && !site.phone && !site.email ? <span>暂无客服联系方式</span> : null}
        </div>
      </div>
    </Modal>
  );
}
