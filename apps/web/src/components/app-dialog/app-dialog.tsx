import { Button, Modal, theme } from 'antd';
import { type ReactNode, useState } from 'react';
import { useMountedRef } from '../../lib/use-mounted';
import '../components.css';

export interface AppDialogProps {
  open: boolean;
  title?: ReactNode;
  /** The content. */
  children?: ReactNode;
  /** 确定 by default. */
  confirmText?: ReactNode;
  /** 取消 by default. */
  cancelText?: ReactNode;
  /** Shows the cancel button; on by default. */
  showCancel?: boolean;
  /**
   * Called by the confirm button. When it returns a promise the button shows loading until the
   * promise settles; a rejection only ends the loading, as the API client has told the user.
   */
  onConfirm?: () => unknown;
  /** Called by the cancel button, the close icon, the mask and Esc. */
  onCancel?: () => void;
  /** Loading confirm controlled by the caller, added to the promise-driven one. */
  confirmLoading?: boolean;
  confirmDisabled?: boolean;
  /** A red confirm button for destructive actions. */
  danger?: boolean;
  /** Replaces the buttons; `null` hides the footer. */
  footer?: ReactNode | null;
  footerAlign?: 'end' | 'center';
  /** 480 px by default; detail dialogs use 900 (002 §2). */
  width?: number | string;
  closable?: boolean;
  maskClosable?: boolean;
  centered?: boolean;
  className?: string;
}

/**
 * The generic dialog (000 §2.7) on top of antd's Modal: title, content, confirm and cancel buttons
 * with their texts, width and a loading confirm. Colours come from the antd theme, so it follows
 * the dark and light themes; the content is unmounted while closed.
 */
export function AppDialog({
  open,
  title,
  children,
  confirmText = '确定',
  cancelText = '取消',
  showCancel = true,
  onConfirm,
  onCancel,
  confirmLoading = false,
  confirmDisabled = false,
  danger = false,
  footer,
  footerAlign = 'end',
  width = 480,
  closable = true,
  maskClosable = true,
  centered = true,
  className,
}: AppDialogProps) {
  const { token } = theme.useToken();
  const [pending, setPending] = useState(false);
  const mounted = useMountedRef();

  const confirm = () => {
    const result = onConfirm?.();
    if (!(result instanceof Promise)) return;
    setPending(true);
    result
      .catch(() => undefined)
      .finally(() => {
        if (mounted.current) setPending(false);
      });
  };

  const buttons = (
    <div className="dso-dialog__footer">
      {showCancel && <Button onClick={onCancel}>{cancelText}</Button>}
      <Button
        type="primary"
        danger={danger}
        loading={confirmLoading || pending}
        disabled={confirmDisabled}
        onClick={confirm}
      >
        {confirmText}
      </Button>
    </div>
  );

  const classes = ['dso-dialog', footerAlign === 'center' && 'dso-dialog--center-footer', className]
    .filter(Boolean)
    .join(' ');
  return (
    <Modal
      open={open}
      title={title}
      width={width}
      centered={centered}
      closable={closable}
      mask={{ closable: maskClosable }}
      destroyOnHidden
      onCancel={onCancel}
      footer={footer === undefined ? buttons : footer}
      className={classes}
      styles={{
        title: { color: token.colorTextHeading, fontSize: token.fontSizeLG },
        body: { color: token.colorText, paddingTop: title ? token.paddingXS : 0 },
        footer: { marginTop: token.marginLG },
      }}
    >
      {children}
    </Modal>
  );
}
