import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { modalButton, renderWidget } from '../../../components/testing/render-widget';
import { spyOnToast } from '../../../components/testing/toast-spy';
import { useSession } from '../../../stores/session';
import { linkDccAccount } from '../session-actions';
import { mockApi, ok, sessionAnswers, unmockApiAfterEach } from '../testing/mock-api';
import { DccLinkDialog } from './dcc-link-dialog';

describe('the sister-product account link', () => {
  spyOnToast();
  unmockApiAfterEach(() => useSession.setState({ token: null, uid: null }));

  it('links a detected account on OK and logs it in', async () => {
    const { calls } = mockApi({
      '/api/user/dcc_login_log': ok({ phone: '138****5678', reg: false }),
      '/api/user/dcc_login': ok({ token: 'tok-d', user_id: 4, reg: false, user_info: { token: 'tok-d' } }),
      ...sessionAnswers,
    });
    renderWidget(<DccLinkDialog />);
    const linked = linkDccAccount('handover-token');
    expect(await screen.findByText(/检测到手机号 138\*\*\*\*5678 已有 DSO 账号/)).toBeTruthy();
    fireEvent.click(modalButton(/^确定关联$/));
    await expect(linked).resolves.toBe(true);
    expect(useSession.getState().token).toBe('tok-d');
    expect(calls.find((call) => call.path === '/api/user/dcc_login')?.url.searchParams.get('token')).toBe(
      'handover-token',
    );
  });

  it('says the user will be registered and linked when there is no account, and spends nothing on cancel', async () => {
    const { calls } = mockApi({ '/api/user/dcc_login_log': ok({ phone: '138****5678', reg: true }) });
    renderWidget(<DccLinkDialog />);
    const linked = linkDccAccount('handover-token');
    expect(await screen.findByText(/自动注册 DSO 账号并完成关联/)).toBeTruthy();
    expect(modalButton(/^注册并关联$/)).toBeTruthy();
    fireEvent.click(modalButton(/^取消$/));
    await expect(linked).resolves.toBe(false);
    await waitFor(() => expect(calls.map((call) => call.path)).toEqual(['/api/user/dcc_login_log']));
  });
});
