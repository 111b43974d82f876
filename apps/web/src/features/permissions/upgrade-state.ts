import type { Grade } from '@dso/domain';
import { create } from 'zustand';

interface UpgradeState {
  /** The tier a failed feature check needed, kept for the pay box and the prompt (001 §5). */
  neededGrade: Grade | null;
}

export const useUpgradeState = create<UpgradeState>(() => ({ neededGrade: null }));
