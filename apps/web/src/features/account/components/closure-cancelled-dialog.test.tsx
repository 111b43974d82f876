import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWidget } from '../../../components/testing/render-widget';
import { spyOnToast } from '../../../components/testing/toast-spy';
import { useSession } from '../../../stores/session';
import { finishLogin, LOGIN_RELOAD_DELAY_MS } from '../session-actions';
import { mockApi, sessionAnswers, unmockApiAfterEach } from '../testing/mock-api';
import { spyOnReload } from '../testing/reload-spy';
import { ClosureCancelledDialog } from './closure-cancelled-dialog';

describe('a login that withdrew the closure request', () => {
  const reloadPage = spyOnReload();
  spyOnToast();
  beforeEach(() => {
    window.history.replaceState(null, '', '/about');
  });
  unmockApiAfterEach(() => useSession.setState({ token: null, uid: null, userInfo: null }));

  it('says so and lets the login go on only once the user has read it', async () => {
    mockApi(sessionAnswers);
    renderWidget(<ClosureCancelledDialog />, { viewer: 'visitor' });
    let finished = false;
    const login = finishLogin({ token: 'tok', user_id: 7, closure_cancelled: true }).then(() => {
      finished = true;
    });
    expect(await screen.findByText(/注销申请已自动撤销，账号和数据都会保留/)).toBeTruthy();
    expect(screen.getByText('已撤销注销申请')).toBeTruthy();
    // Everything else the login awaits has answered by now; it is held by the notice alone.
    await new Promise((resolve) => setImmediate(resolve));
    expect(finished).toBe(false);
    expect(reloadPage).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: '我知道了' }));
    await login;
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1), { timeout: LOGIN_RELOAD_DELAY_MS + 1000 });
  });
});
