import { ConsolePath } from '@dso/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answerRequests } from '../../../components/testing/answer-requests';
import { renderAtRoute } from '../../../components/testing/render-route';
import { consoleMember, expectReasonRequired, refuse, staffMe, submitReason } from '../testing';
import UsersPage from './users-page';

vi.mock('../../../lib/api/client', () => ({ request: vi.fn() }));

/** Five antd tables in tabs mount slowly in jsdom on a shared machine. */
const PAGE_TEST_TIMEOUT = 60_000;

const agent = staffMe('客服', ['users.read', 'users.act', 'orders.read']);
const search = (text: string) => {
  fireEvent.change(screen.getByLabelText('查找用户'), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: /查\s*找/ }));
};

describe('the users page', () => {
  it(
    'finds a member by phone and shows grade, orders, usage, sessions, links and platform accounts',
    async () => {
      const calls = answerRequests({
        [ConsolePath.userFind]: () => ({ user_id: 42 }),
        [ConsolePath.user]: () => consoleMember(),
      });
      renderAtRoute(<UsersPage me={agent} />, { path: '/admin/users', url: '/admin/users' });
      search('13812345678');
      await screen.findByText('用户 13812345678');
      expect(screen.getAllByText('企业版（SVIP）').length).toBeGreaterThan(0);
      expect(screen.getByText('D202601010000001234567890')).toBeTruthy();
      expect(screen.getByTestId('address').textContent).toBe('/admin/users?user=42');
      fireEvent.click(screen.getByRole('tab', { name: '用量明细' }));
      await screen.findByText('探店文案');
      fireEvent.click(screen.getByRole('tab', { name: '子账号' }));
      await screen.findByText('13987654321');
      fireEvent.click(screen.getByRole('tab', { name: '授权账号' }));
      await screen.findByText('探店日记');
      expect(calls.map((call) => [call.path, call.query])).toEqual([
        [ConsolePath.userFind, { q: '13812345678' }],
        [ConsolePath.user, { user_id: 42 }],
      ]);
    },
    PAGE_TEST_TIMEOUT,
  );

  it(
    'says so when nobody matches',
    async () => {
      answerRequests({ [ConsolePath.userFind]: refuse(404, '未找到该用户') });
      renderAtRoute(<UsersPage me={agent} />, { path: '/admin/users', url: '/admin/users' });
      search('D2026');
      await screen.findByText('未找到该用户');
    },
    PAGE_TEST_TIMEOUT,
  );

  it(
    'ends a session only with a reason, then shows it ended',
    async () => {
      let ended = false;
      const calls = answerRequests({
        [ConsolePath.user]: () =>
          ended
            ? consoleMember({
                sessions: [{ ...consoleMember().sessions[0]!, end_time: 1_767_400_000, end_reason: 'console' }],
              })
            : consoleMember(),
        [ConsolePath.userEndSessions]: () => {
          ended = true;
          return { changed: 1, audit_id: 9 };
        },
      });
      renderAtRoute(<UsersPage me={agent} />, { path: '/admin/users', url: '/admin/users?user=42' });
      await screen.findByText('用户 13812345678');
      fireEvent.click(screen.getByRole('tab', { name: '会话（1）' }));
      fireEvent.click(await screen.findByRole('button', { name: '结束会话' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('结束来自 1.2.3.4 的会话，该设备需重新登录。')).toBeTruthy();
      await expectReasonRequired(dialog, '确认结束', calls, ConsolePath.userEndSessions);
      submitReason(dialog, '用户反映账号被盗', '确认结束');
      await screen.findByText('已结束 · 后台结束');
      expect(calls.filter((call) => call.path === ConsolePath.userEndSessions)).toEqual([
        expect.objectContaining({ body: { user_id: 42, session_id: 71, reason: '用户反映账号被盗' } }),
      ]);
    },
    PAGE_TEST_TIMEOUT,
  );

  it(
    'grants a grade with the chosen version, days and reason',
    async () => {
      const calls = answerRequests({
        [ConsolePath.user]: () => consoleMember({ grade: 'FREE', own_grade: 'FREE', grade_end_time: null }),
        [ConsolePath.userGrant]: () => ({ changed: 1, audit_id: 10 }),
      });
      renderAtRoute(<UsersPage me={agent} />, { path: '/admin/users', url: '/admin/users?user=42' });
      fireEvent.click(await screen.findByRole('button', { name: '开通/延长会员' }));
      const dialog = await screen.findByRole('dialog');
      fireEvent.change(within(dialog).getByLabelText('天数'), { target: { value: '90' } });
      submitReason(dialog, '补偿服务中断', '确认开通');
      await waitFor(() =>
        expect(calls.filter((call) => call.path === ConsolePath.userGrant)).toEqual([
          expect.objectContaining({
            body: { request_id: expect.any(String), user_id: 42, grade: 'VIP', days: 90, reason: '补偿服务中断' },
          }),
        ]),
      );
    },
    PAGE_TEST_TIMEOUT,
  );

  it(
    'sends the same request id when a grant is tried again and a fresh one when the dialog opens anew',
    async () => {
      let answers = 0;
      const calls = answerRequests({
        [ConsolePath.user]: () => consoleMember({ grade: 'FREE', own_grade: 'FREE', grade_end_time: null }),
        [ConsolePath.userGrant]: () => {
          answers += 1;
          if (answers === 1) throw new Error('network down');
          return { changed: 1, audit_id: 10 };
        },
      });
      const grantIds = () =>
        calls.filter((call) => call.path === ConsolePath.userGrant).map((call) => call.body?.request_id);
      renderAtRoute(<UsersPage me={agent} />, { path: '/admin/users', url: '/admin/users?user=42' });
      const grantOnce = async () => {
        fireEvent.click(await screen.findByRole('button', { name: '开通/延长会员' }));
        const dialog = await screen.findByRole('dialog');
        fireEvent.change(within(dialog).getByLabelText('操作原因'), { target: { value: '补偿服务中断' } });
        return dialog;
      };

      const dialog = await grantOnce();
      fireEvent.click(within(dialog).getByRole('button', { name: '确认开通' }));
      await waitFor(() => expect(grantIds()).toHaveLength(1));
      // The failed try leaves the dialog open; pressing again is the same request.
      await waitFor(() =>
        expect(within(dialog).getByRole('button', { name: '确认开通' }).classList).not.toContain('ant-btn-loading'),
      );
      fireEvent.click(within(dialog).getByRole('button', { name: '确认开通' }));
      await waitFor(() => expect(grantIds()).toHaveLength(2));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

      const reopened = await grantOnce();
      fireEvent.click(within(reopened).getByRole('button', { name: '确认开通' }));
      await waitFor(() => expect(grantIds()).toHaveLength(3));
      const [first, retried, fresh] = grantIds();
      expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(retried).toBe(first);
      expect(fresh).not.toBe(first);
    },
    PAGE_TEST_TIMEOUT,
  );
});
