import { act } from '@testing-library/react';
import { beforeEach, expect, type Mock, vi } from 'vitest';
import * as reload from '../reload-page';

/**
 * Stops the page reloads the account flows ask for, in each test of the calling suite, and records
 * them. `owner` is the module whose `reloadPage` the code under test reaches: the account index for a
 * suite that mocks that index with a copy of it, else the seam itself. Like spyOnToast, the returned
 * mock lasts the whole suite and is emptied before each test, so the suite may restore every spy after one.
 */
export function spyOnReload(owner: Pick<typeof reload, 'reloadPage'> = reload): Mock<typeof reload.reloadPage> {
  const reloadPage = vi.fn<typeof reload.reloadPage>();
  let test = 0;
  beforeEach(() => {
    reloadPage.mockReset();
    const current = ++test;
    // A reload that an earlier test scheduled (a delayed setTimeout(reloadPage)) may fire during this
    // one through that test's spy; it is not this test's reload, as it was not with a spy per test.
    vi.spyOn(owner, 'reloadPage').mockImplementation(() => {
      if (current === test) reloadPage();
    });
  });
  return reloadPage;
}

/** A reload the flow scheduled `ms` later (timers faked): none yet, then exactly one once they have passed. */
export async function expectReloadAfter(reloadPage: Mock<typeof reload.reloadPage>, ms: number) {
  expect(reloadPage).not.toHaveBeenCalled();
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  expect(reloadPage).toHaveBeenCalledTimes(1);
}
