import { useCallback, useEffect } from 'react';
import { type DialogName, useDialogs } from '../stores/dialogs';
import { useSession } from '../stores/session';

/**
 * A global dialog that needs an account (paying, redeeming a card; 001 §5): a visitor who reaches it gets
 * the login dialog instead. Returns its flag (`open`), whether it shows (`shown`: open to an account) and
 * a `close` that keeps its identity across renders.
 */
export function useMemberDialog(name: DialogName) {
  const open = useDialogs((state) => state.open[name]);
  const closeDialog = useDialogs((state) => state.closeDialog);
  const openDialog = useDialogs((state) => state.openDialog);
  const token = useSession((state) => state.token);

  useEffect(() => {
    if (open && !token) {
      closeDialog(name);
      openDialog('login');
    }
  }, [open, token, name, closeDialog, openDialog]);

  const close = useCallback(() => closeDialog(name), [closeDialog, name]);
  return { open, shown: open && Boolean(token), close };
}
