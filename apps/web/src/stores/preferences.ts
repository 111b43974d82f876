import { create } from 'zustand';
import { LocalKey, readLocal, writeLocal } from '../lib/storage';

export type Theme = 'dark' | 'light';

interface PreferencesState {
  /** `dccTheme`, dark by default. */
  theme: Theme;
  isOpenBlurry: boolean;
  setTheme(theme: Theme): void;
  setOpenBlurry(value: boolean): void;
}

export const usePreferences = create<PreferencesState>((set) => ({
  theme: readLocal(LocalKey.theme) === 'light' ? 'light' : 'dark',
  isOpenBlurry: readLocal(LocalKey.blurry) === 'true',
  setTheme(theme) {
    writeLocal(LocalKey.theme, theme);
    set({ theme });
  },
  setOpenBlurry(value) {
    writeLocal(LocalKey.blurry, String(value));
    set({ isOpenBlurry: value });
  },
}));
