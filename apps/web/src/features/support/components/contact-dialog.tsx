import { MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { Modal } from 'antd';
import { useDialogs } from '../../../stores/dialogs';
import { company, contactLinks } from '../contact-info';
import { ContactQr } from './contact-qr';

/** 联系客服: the support WeChat QR with phone and e-mail (000 §2.5). */
export function ContactDialog() {
  const open = useDialogs((state) => state.open.contact);
  const closeDialog = useDialogs((state) => state.closeDialog);
  return (
    <Modal open={open} onCancel={() => closeDialog('contact')} footer={null} width={380} centered title="联系客服">
      <div className="contact-dialog" data-testid="contact-dialog">
        <ContactQr value={contactLinks.supportWechat} size={168} />
        <p className="contact-dialog-hint">微信扫码添加专属客服，为您解答产品与会员问题</p>
        <div className="contact-dialog-lines">
          <span>
            <PhoneOutlined /> {company.phone}
          </span>
          <a href={`mailto:${company.email}`}>
            <MailOutlined /> {company.email}
          </a>
        </div>
      </div>
    </Modal>
  );
}
