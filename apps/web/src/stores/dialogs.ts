import { create } from 'zustand';

/** The six error dialogs of the response-code catalogue (002 §8). */
export type ErrorDialogType = 'netErr' | 'account' | 'serveErr' | 'jsErr' | 'ipBusy' | 'serveBusy';

/** Global dialogs (001 §2). Each is open or closed; some carry a payload. */
export type DialogName =
  | 'login'
  | 'bindPhone'
  | 'resetPassword'
  | 'pay'
  | 'video'
  | 'extract'
  | 'childBind'
  | 'noPermission'
  | 'buyTimes'
  | 'cardExchange'
  | 'setNumber'
  | 'keywordImage'
  | 'activity'
  | 'loginBar'
  | 'retention'
  | 'contact';

/** Popup flags of 000 §4: setting one clears the others. */
export const exclusivePopupFlags = [
  'LookFrequency',
  'LookBarFrequency',
  'noPermissionToolsFrequency',
  'booleanPermission',
] as const;
export type ExclusivePopupFlag = (typeof exclusivePopupFlags)[number];

interface DialogState {
  open: Record<DialogName, boolean>;
  payload: Partial<Record<DialogName, unknown>>;
  errorDialog: ErrorDialogType | null;
  popup: Record<ExclusivePopupFlag, boolean>;
  openDialog(name: DialogName, payload?: unknown): void;
  closeDialog(name: DialogName): void;
  showErrorDialog(type: ErrorDialogType): void;
  closeErrorDialog(): void;
  setPopupFlag(flag: ExclusivePopupFlag, value: boolean): void;
}

const allClosed = (): Record<DialogName, boolean> => ({
  login: false,
  bindPhone: false,
  resetPassword: false,
  pay: false,
  video: false,
  extract: false,
  childBind: false,
  noPermission: false,
  buyTimes: false,
  cardExchange: false,
  setNumber: false,
  keywordImage: false,
  activity: false,
  loginBar: false,
  retention: false,
  contact: false,
});

const noPopup = (): Record<ExclusivePopupFlag, boolean> => ({
  LookFrequency: false,
  LookBarFrequency: false,
  noPermissionToolsFrequency: false,
  booleanPermission: false,
});

export const useDialogs = create<DialogState>((set) => ({
  open: allClosed(),
  payload: {},
  errorDialog: null,
  popup: noPopup(),
  openDialog(name, payload) {
    set((state) => ({ open: { ...state.open, [name]: true }, payload: { ...state.payload, [name]: payload } }));
  },
  closeDialog(name) {
    set((state) => ({ open: { ...state.open, [name]: false } }));
  },
  showErrorDialog(type) {
    set({ errorDialog: type });
  },
  closeErrorDialog() {
    set({ errorDialog: null });
  },
  setPopupFlag(flag, value) {
    set((state) => ({ popup: value ? { ...noPopup(), [flag]: true } : { ...state.popup, [flag]: false } }));
  },
}));
