import { beforeEach, type Mock, vi } from 'vitest';
import * as feedback from '../../lib/feedback';

/**
 * Silences toast in each test of the calling suite and records what it was asked to show. The returned
 * mock lasts the whole suite and is emptied before each test, so the suite may restore every spy after one.
 */
export function spyOnToast(): Mock<typeof feedback.toast> {
  const toast = vi.fn<typeof feedback.toast>();
  beforeEach(() => {
    toast.mockReset();
    vi.spyOn(feedback, 'toast').mockImplementation(toast);
  });
  return toast;
}
