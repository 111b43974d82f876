import { Modal, type ModalProps } from 'antd';

type AccountModalProps = Omit<ModalProps, 'centered' | 'footer' | 'destroyOnHidden' | 'className'>;

/**
 * The frame of the account dialogs: centred, the form brings its own buttons, and the content is
 * destroyed on closing so a dialog opened again starts with empty fields.
 */
export function AccountModal({ width = 420, ...modal }: AccountModalProps) {
  return <Modal width={width} centered footer={null} destroyOnHidden className="dso-account-dialog" {...modal} />;
}
