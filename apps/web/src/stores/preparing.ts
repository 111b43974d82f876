import type { Preparing } from '@dso/contract';
import { create } from 'zustand';

/**
 * A first start still preparing its demo data (contract first-start.ts): the last preparing answer's
 * sentence and progress, or null. The response handler sets it; the full-page notice shows it.
 */
interface PreparingState {
  notice: { msg: string; preparing: Preparing } | null;
  show(msg: string, preparing: Preparing): void;
}

export const usePreparing = create<PreparingState>((set) => ({
  notice: null,
  show(msg, preparing) {
    set({ notice: { msg, preparing } });
  },
}));
