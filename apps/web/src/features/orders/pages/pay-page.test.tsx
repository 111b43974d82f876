import { OrderPath, type UserInfo } from '@dso/contract';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerRequests } from '../../../components/testing/answer-requests';
import { renderAtRoute } from '../../../components/testing/render-route';
import { useSession } from '../../../stores/session';
import { loadRoles, loadUserInfo } from '../../account';
import { sampleTree } from '../../permissions/testing';
import { createPlan } from '../testing/factories';
import PayPage from './pay-page';

vi.mock('../../../lib/api/client', () => ({ request: vi.fn() }));
vi.mock('../../account', () => ({ loadUserInfo: vi.fn(), loadRoles: vi.fn() }));

function Search() {
  return <output data-testid="search">{useLocation().search}</output>;
}

function renderPayPage(url: string) {
  answerRequests({
    [OrderPath.gradeConfig]: () => ({
      VIP: [createPlan({ id: 1, grade_enum: 'VIP', price: 49_900, current_price: 49_900 })],
      SVIP: [createPlan({ id: 2, grade_enum: 'SVIP', price: 289_900, current_price: 289_900 })],
      EVIP: [createPlan({ id: 3, grade_enum: 'EVIP', price: 498_000, current_price: 498_000 })],
    }),
    [OrderPath.rollList]: () => ({ us: [] }),
  });
  vi.mocked(loadRoles).mockImplementation(async () => {
    useSession.getState().setRoles(sampleTree);
    return sampleTree;
  });
  renderAtRoute(
    <>
      <PayPage />
      <Search />
    </>,
    { path: '/pay', url, keepSession: true },
  );
}

const selectedTab = () => screen.getByRole('tab', { selected: true }).textContent?.trim();

describe('the /pay page', () => {
  afterEach(() => {
    cleanup();
    vi.mocked(loadRoles).mockReset();
    vi.mocked(loadUserInfo).mockReset();
    useSession.setState({ token: null, uid: null, userInfo: null, roles: [] });
  });

  it('opens for a visitor on the tier of ?grade=, with its plans and the tier comparison below', async () => {
    renderPayPage('/pay?grade=SVIP');
    expect(await screen.findByRole('heading', { name: '开通会员' })).toBeTruthy();
    await waitFor(() => expect(selectedTab()).toBe('企业版'));
    expect((await screen.findByTestId('plan-price')).textContent).toBe('¥2899');
    expect(await screen.findByText('版本权益对比')).toBeTruthy();
    expect(document.querySelector('.dso-tier-table thead .is-highlight')?.textContent).toBe('企业版');
    expect(loadUserInfo).not.toHaveBeenCalled();
  });

  it('loads the user info itself and offers a signed-in member the next tier', async () => {
    useSession.setState({ token: 'tok', uid: '7', userInfo: null });
    vi.mocked(loadUserInfo).mockImplementation(async () => {
      const info = { id: 7, grade: 'VIP', grade_info_vo: { grade_enum: 'VIP', end_day: 30, end_time: 0 } } as UserInfo;
      useSession.setState({ userInfo: info });
      return info;
    });
    renderPayPage('/pay');
    await waitFor(() => expect(selectedTab()).toBe('企业版'));
    expect(loadUserInfo).toHaveBeenCalledTimes(1);
  });

  it('keeps ?grade= on the tab shown, so a visitor logging in comes back to it', async () => {
    renderPayPage('/pay?grade=VIP&tag=sale');
    await waitFor(() => expect(selectedTab()).toBe('个人版'));
    act(() => fireEvent.click(screen.getByRole('tab', { name: /旗舰版/ })));
    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe('?grade=EVIP&tag=sale'));
    expect(document.querySelector('.dso-tier-table thead .is-highlight')?.textContent).toBe('旗舰版');
  });
});
