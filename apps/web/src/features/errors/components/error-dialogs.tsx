import type { ResultProps } from 'antd';
import { Button, Modal, Result } from 'antd';
import { useNavigate } from 'react-router';
import { type ErrorDialogType, useDialogs } from '../../../stores/dialogs';

interface DialogCopy {
  status: ResultProps['status'];
  title: string;
  subTitle?: string;
  action: 'reload' | 'back' | 'relogin' | 'close';
  actionText: string;
}

/** The six error dialogs of 002 §8, with the spec's texts. */
export const errorDialogCopy: Record<ErrorDialogType, DialogCopy> = {
  netErr: { status: 'warning', title: '网络出错啦，刷新试试吧', action: 'reload', actionText: '刷新' },
  account: {
    status: 'warning',
    title: '您的账号已被迫下线',
    subTitle: '登录数量超出限制，您的账号已在其他设备登录。',
    action: 'relogin',
    actionText: '重新登录',
  },
  serveErr: { status: '500', title: '好像哪里出错了，稍后试试吧', action: 'back', actionText: '返回' },
  jsErr: { status: 'warning', title: '信息走失啦，刷新试试吧', action: 'reload', actionText: '刷新' },
  ipBusy: { status: '403', title: '访问过于频繁，24小时后可继续访问哦', action: 'close', actionText: '我知道了' },
  serveBusy: { status: 'info', title: '服务器繁忙', subTitle: '刷新试试', action: 'reload', actionText: '刷新试试' },
};

export function ErrorDialogs() {
  const type = useDialogs((state) => state.errorDialog);
  const close = useDialogs((state) => state.closeErrorDialog);
  const openDialog = useDialogs((state) => state.openDialog);
  const navigate = useNavigate();
  if (!type) return null;
  const copy = errorDialogCopy[type];

  const act = () => {
    close();
    if (copy.action === 'reload') window.location.reload();
    if (copy.action === 'back') void navigate(-1);
    if (copy.action === 'relogin') openDialog('login');
  };

  return (
    <Modal
      open
      centered
      footer={null}
      width={440}
      onCancel={close}
      maskClosable={false}
      data-testid={`error-dialog-${type}`}
    >
      <Result
        status={copy.status}
        title={copy.title}
        subTitle={copy.subTitle}
        extra={
          <Button type="primary" onClick={act}>
            {copy.actionText}
          </Button>
        }
      />
    </Modal>
  );
}
