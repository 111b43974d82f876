import { create } from 'zustand';

/**
 * Dialogs of the account feature that are not among the global dialog flags (001 §2): the separate
 * phone-and-code login, the first password after a code registration, change phone, the
 * sister-product link and a bound child's own unbind. The global flags (`login`, `bindPhone`,
 * `resetPassword`, `childBind`) stay in the app's dialogs store.
 */
export type AccountDialogName =
  | 'phoneLogin'
  | 'setPassword'
  | 'changePhone'
  | 'dccLink'
  | 'childUnbind'
  | 'closeAccount'
  | 'closureCancelled';

/** What the sister-product confirm shows (`GET /api/user/dcc_login_log`). */
export interface DccLinkPrompt {
  phone: string;
  /** True: no account yet, the user will be registered and linked. */
  reg: boolean;
  answer(confirmed: boolean): void;
}

interface AccountDialogsState {
  open: Record<AccountDialogName, boolean>;
  /** Runs when the set-password step is done or skipped: the return after login. */
  afterSetPassword: (() => void) | null;
  dccPrompt: DccLinkPrompt | null;
  /** Runs when the user has read that their login withdrew the closure request: the rest of the login. */
  afterClosureNotice: (() => void) | null;
  openAccountDialog(name: AccountDialogName): void;
  closeAccountDialog(name: AccountDialogName): void;
}

const allClosed = (): Record<AccountDialogName, boolean> => ({
  phoneLogin: false,
  setPassword: false,
  changePhone: false,
  dccLink: false,
  childUnbind: false,
  closeAccount: false,
  closureCancelled: false,
});

export const useAccountDialogs = create<AccountDialogsState>((set) => ({
  open: allClosed(),
  afterSetPassword: null,
  dccPrompt: null,
  afterClosureNotice: null,
  openAccountDialog(name) {
    set((state) => ({ open: { ...state.open, [name]: true } }));
  },
  closeAccountDialog(name) {
    set((state) => ({ open: { ...state.open, [name]: false } }));
  },
}));

/** Opens change phone; the personal centre and the user's hover panel link here. */
export function openChangePhoneDialog() {
  useAccountDialogs.getState().openAccountDialog('changePhone');
}

/** Opens a bound child's own unbind (a code to its phone, then the confirm); the personal centre links here. */
export function openChildUnbindDialog() {
  useAccountDialogs.getState().openAccountDialog('childUnbind');
}

/** Opens 注销账号 (a code to the account's phone, after the closure terms); the personal centre links here. */
export function openCloseAccountDialog() {
  useAccountDialogs.getState().openAccountDialog('closeAccount');
}

/**
 * Tells the user their login withdrew the account's closure request; resolves once they have read it,
 * so the login's reload does not take the notice away.
 */
export function tellClosureCancelled(): Promise<void> {
  return new Promise((resolve) => {
    useAccountDialogs.setState({ afterClosureNotice: resolve });
    useAccountDialogs.getState().openAccountDialog('closureCancelled');
  });
}
