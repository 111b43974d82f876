import { Code, ConsolePath } from '@dso/contract';
import { accountMessages } from '@dso/domain';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answerRequests } from '../../../components/testing/answer-requests';
import { PAGE_TEST_TIMEOUT, renderAtRoute } from '../../../components/testing/render-route';
import { typeIn } from '../../../components/testing/type-in';
import ConsolePage from '../pages/console-page';
import { refuse, staffMe } from '../testing';

vi.mock('../../../lib/api/client', () => ({ request: vi.fn() }));

describe('the console login', () => {
  it(
    'asks for 手机号 and 密码, then the 短信验证码, and opens the console with the role’s menu',
    async () => {
      let loggedIn = false;
      const calls = answerRequests({
        [ConsolePath.me]: () => {
          if (!loggedIn) throw refuse(Code.TOKEN_INVALID, '请先登录')();
          return staffMe('客服', ['users.read', 'users.act', 'orders.read']);
        },
        [ConsolePath.login]: () => ({ phone: '139****1111', expires_in: 300 }),
        [ConsolePath.verify]: () => {
          loggedIn = true;
          return staffMe('客服', ['users.read', 'users.act', 'orders.read']);
        },
      });
      renderAtRoute(<ConsolePage />, { path: '/admin/*', url: '/admin' });
      await screen.findByText('DSO 运营后台');
      typeIn('手机号', '13900001111');
      typeIn('密码', 'Console123');
      fireEvent.click(screen.getByRole('button', { name: '下一步' }));
      await screen.findByText('验证码已发送至 139****1111，5分钟内有效。');
      typeIn('短信验证码', '123456');
      fireEvent.click(screen.getByRole('button', { name: '登 录' }));
      await screen.findByText('您好，客服小李');
      const menu = screen.getByRole('menu');
      expect(menu.textContent).toContain('用户');
      expect(menu.textContent).not.toContain('员工');
      expect(menu.textContent).not.toContain('审计日志');
      expect(calls.filter((call) => call.path !== ConsolePath.me)).toEqual([
        expect.objectContaining({ path: ConsolePath.login, body: { phone: '13900001111', password: 'Console123' } }),
        expect.objectContaining({ path: ConsolePath.verify, body: { code: '123456' } }),
      ]);
    },
    PAGE_TEST_TIMEOUT,
  );

  it(
    'checks the form before sending: 请输入正确手机号, 请输入密码',
    async () => {
      const calls = answerRequests({ [ConsolePath.me]: refuse(Code.TOKEN_INVALID, '请先登录') });
      renderAtRoute(<ConsolePage />, { path: '/admin/*', url: '/admin' });
      await screen.findByText('DSO 运营后台');
      typeIn('手机号', '12345');
      fireEvent.click(screen.getByRole('button', { name: '下一步' }));
      await screen.findByText('请输入正确手机号');
      await screen.findByText('请输入密码');
      expect(calls.map((call) => call.path)).toEqual([ConsolePath.me]);
    },
    PAGE_TEST_TIMEOUT,
  );

  it(
    'tells a member that the console wants a staff account, and a staff member whose session went idle to log in again',
    async () => {
      answerRequests({ [ConsolePath.me]: refuse(Code.FORBIDDEN, '无权限访问') });
      const { unmount } = renderAtRoute(<ConsolePage />, { path: '/admin/*', url: '/admin' });
      await screen.findByText('当前登录的是会员账号，请使用员工账号登录');
      unmount();
      answerRequests({ [ConsolePath.me]: refuse(Code.TOKEN_EXPIRED, '登录已过期，请重新登录') });
      renderAtRoute(<ConsolePage />, { path: '/admin/*', url: '/admin' });
      await waitFor(() => expect(screen.getByText('登录已过期，请重新登录')).toBeTruthy());
    },
    PAGE_TEST_TIMEOUT,
  );

  it(
    'offers 重新发送验证码 once the minute is over, sending the same phone and password again',
    async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      try {
        const calls = answerRequests({
          [ConsolePath.me]: refuse(Code.TOKEN_INVALID, '请先登录'),
          [ConsolePath.login]: () => ({ phone: '139****1111', expires_in: 300 }),
        });
        renderAtRoute(<ConsolePage />, { path: '/admin/*', url: '/admin' });
        await screen.findByText('DSO 运营后台');
        typeIn('手机号', '13900001111');
        typeIn('密码', 'Console123');
        fireEvent.click(screen.getByRole('button', { name: '下一步' }));
        const waiting = await screen.findByRole('button', { name: /重新发送验证码\(60s\)/ });
        expect((waiting as HTMLButtonElement).disabled).toBe(true);
        act(() => vi.advanceTimersByTime(61_000));
        const resend = await screen.findByRole('button', { name: '重新发送验证码' });
        expect((resend as HTMLButtonElement).disabled).toBe(false);
        fireEvent.click(resend);
        await screen.findByRole('button', { name: /重新发送验证码\(\d+s\)/ });
        const sent = { phone: '13900001111', password: 'Console123' };
        expect(calls.filter((call) => call.path === ConsolePath.login)).toEqual([
          expect.objectContaining({ body: sent }),
          expect.objectContaining({ body: sent }),
        ]);
      } finally {
        vi.useRealTimers();
      }
    },
    3 * PAGE_TEST_TIMEOUT,
  );

  it(
    'changes the staff member’s own password from 修改密码, checking the confirmation first',
    async () => {
      const calls = answerRequests({
        [ConsolePath.me]: () => staffMe('数据', ['data.manage']),
        [ConsolePath.password]: () => ({ ended_sessions: 1 }),
      });
      renderAtRoute(<ConsolePage />, { path: '/admin/*', url: '/admin' });
      fireEvent.click(await screen.findByRole('button', { name: '修改密码' }));
      typeIn('原密码', 'Console123');
      typeIn('新密码', 'Renewed2026');
      typeIn('确认新密码', 'Renewed2027');
      fireEvent.click(screen.getByRole('button', { name: '确认修改' }));
      await screen.findByText(accountMessages.confirmMismatch);
      expect(calls.some((call) => call.path === ConsolePath.password)).toBe(false);
      typeIn('确认新密码', 'Renewed2026');
      fireEvent.click(screen.getByRole('button', { name: '确认修改' }));
      await waitFor(() =>
        expect(calls.filter((call) => call.path === ConsolePath.password)).toEqual([
          expect.objectContaining({ body: { old_password: 'Console123', new_password: 'Renewed2026' } }),
        ]),
      );
    },
    3 * PAGE_TEST_TIMEOUT,
  );
});
