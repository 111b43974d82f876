import { accountClosureMessages } from '@dso/contract';
import { AppDialog } from '../../../components';
import { useAccountDialogs } from '../account-dialogs';

/** After a login that withdrew the account's closure request: says so plainly, then the login goes on. */
export function ClosureCancelledDialog() {
  const open = useAccountDialogs((state) => state.open.closureCancelled);
  const done = () => {
    const state = useAccountDialogs.getState();
    state.closeAccountDialog('closureCancelled');
    state.afterClosureNotice?.();
    useAccountDialogs.setState({ afterClosureNotice: null });
  };
  return (
    <AppDialog
      open={open}
      title={accountClosureMessages.cancelledTitle}
      width={440}
      showCancel={false}
      confirmText="我知道了"
      onConfirm={done}
      onCancel={done}
      maskClosable={false}
    >
      <p className="dso-account-lead">{accountClosureMessages.cancelledByLogin}</p>
    </AppDialog>
  );
}
