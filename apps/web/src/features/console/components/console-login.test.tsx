import { Code, ConsolePath } from '@dso/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PAGE_TEST_TIMEOUT, renderAtRoute } from '../../../components/testing/render-route';
import ConsolePage from '../pages/console-page';
import { answerConsole, refuse, staffMe } from '../testing';

vi.mock('../../../lib/api/client', () => ({ request: vi.fn() }));

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the console login', () => {
  it(
    'asks for 手机号 and 密码, then the 短信验证码, and opens the console with the role’s menu',
    async () => {
      let loggedIn = false;
      const calls = answerConsole({
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
      type('手机号', '13900001111');
      type('密码', 'Console123');
      fireEvent.click(screen.getByRole('button', { name: '下一步' }));
      await screen.findByText('验证码已发送至 139****1111，5分钟内有效。');
      type('短信验证码', '123456');
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
      const calls = answerConsole({ [ConsolePath.me]: refuse(Code.TOKEN_INVALID, '请先登录') });
      renderAtRoute(<ConsolePage />, { path: '/admin/*', url: '/admin' });
      await screen.findByText('DSO 运营后台');
      type('手机号', '12345');
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
      answerConsole({ [ConsolePath.me]: refuse(Code.FORBIDDEN, '无权限访问') });
      const { unmount } = renderAtRoute(<ConsolePage />, { path: '/admin/*', url: '/admin' });
      await screen.findByText('当前登录的是会员账号，请使用员工账号登录');
      unmount();
      answerConsole({ [ConsolePath.me]: refuse(Code.TOKEN_EXPIRED, '登录已过期，请重新登录') });
      renderAtRoute(<ConsolePage />, { path: '/admin/*', url: '/admin' });
      await waitFor(() => expect(screen.getByText('登录已过期，请重新登录')).toBeTruthy());
    },
    PAGE_TEST_TIMEOUT,
  );
});
