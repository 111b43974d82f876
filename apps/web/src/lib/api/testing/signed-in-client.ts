import { afterEach, beforeEach, type Mock, vi } from 'vitest';
import { useDialogs } from '../../../stores/dialogs';
import { useSession } from '../../../stores/session';

/** Each test of the calling suite starts with every dialog closed and the viewer signed in (token-1, uid 7). */
export function startSignedIn() {
  beforeEach(() => {
    useDialogs.setState(useDialogs.getInitialState());
    useSession.setState({ token: 'token-1', uid: '7', userInfo: null });
  });
}

/**
 * Replaces `fetch` with the returned mock in each test of the calling suite, emptied before each test,
 * and puts the real one back after it.
 */
export function stubFetch(): Mock {
  const fetchMock = vi.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  return fetchMock;
}
