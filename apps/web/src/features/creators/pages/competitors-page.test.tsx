import { CreatorPath, videoMessages } from '@dso/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useDialogs } from '../../../stores/dialogs';
import { creatorProfile, creatorRow, listPage, renderCreators } from '../testing';

const request = vi.fn();
vi.mock('../../../lib/api/client', () => ({ request: (...args: unknown[]) => request(...args) }));

const { default: CompetitorsPage } = await import('./competitors-page');
const TIMEOUT = 30_000;

const competitor = {
  ...creatorRow({ user_id: 'twin', nick_name: '川菜同行' }),
  reasons: ['同领域：美食餐饮', '粉丝量级相近：肩部达人', '覆盖相同关键词：火锅、食谱'],
};

beforeEach(() => {
  request.mockReset();
  request.mockImplementation(async (path: string, options: { query: Record<string, unknown> }) => {
    if (path === CreatorPath.competitors) return listPage([competitor], { total_record: 1 });
    if (path === CreatorPath.profile) return creatorProfile({ user_id: String(options.query.userId) });
    if (path === CreatorPath.list) return listPage([creatorRow()]);
    throw new Error(`unexpected ${path}`);
  });
});

describe('/Competitors', () => {
  it(
    'asks for an account or a keyword first',
    async () => {
      renderCreators(<CompetitorsPage />, { url: '/Competitors', grade: 'FREE' });
      expect(await screen.findByText(videoMessages.competitorsInput)).toBeTruthy();
      expect(request).not.toHaveBeenCalledWith(CreatorPath.competitors, expect.anything());
    },
    TIMEOUT,
  );

  it(
    'finds benchmark accounts for a keyword and shows why each matches',
    async () => {
      renderCreators(<CompetitorsPage />, { url: '/Competitors', grade: 'FREE' });
      fireEvent.click(screen.getByText('按关键词'));
      fireEvent.change(screen.getByRole('searchbox', { name: '关键词' }), { target: { value: ' 火锅 ' } });
      fireEvent.click(screen.getByRole('button', { name: /找对标/ }));
      const list = await screen.findByRole('list', { name: '对标账号' });
      expect(request).toHaveBeenCalledWith(
        CreatorPath.competitors,
        expect.objectContaining({ query: { keyword: '火锅', page_no: 1, page_size: 20 } }),
      );
      expect(screen.getByTestId('competitor-source').textContent).toBe('关键词「火锅」的对标账号');
      const reasons = within(list).getByRole('list', { name: '匹配理由' });
      expect(
        within(reasons)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(competitor.reasons);
      expect(screen.getByTestId('address').textContent).toBe('/Competitors?keyword=%E7%81%AB%E9%94%85');
    },
    TIMEOUT,
  );

  it(
    'picks an account by name from the library and finds accounts like it',
    async () => {
      renderCreators(<CompetitorsPage />, { url: '/Competitors', grade: 'FREE' });
      fireEvent.change(screen.getByRole('combobox'), { target: { value: '阿明' } });
      await waitFor(() =>
        expect(request).toHaveBeenCalledWith(
          CreatorPath.list,
          expect.objectContaining({ query: expect.objectContaining({ keyword: '阿明' }) }),
        ),
      );
      fireEvent.click(await screen.findByText('阿明的厨房'));
      await screen.findByRole('list', { name: '对标账号' });
      expect(request).toHaveBeenCalledWith(
        CreatorPath.competitors,
        expect.objectContaining({ query: { userId: 'u-ameng', page_no: 1, page_size: 20 } }),
      );
      expect((await screen.findByTestId('competitor-source')).textContent).toContain('阿明的厨房');
      await waitFor(() => expect((screen.getByRole('combobox') as HTMLInputElement).value).toBe('阿明的厨房'));
    },
    TIMEOUT,
  );

  it(
    'asks a visitor to log in instead of calling',
    async () => {
      renderCreators(<CompetitorsPage />, { url: '/Competitors?keyword=%E7%81%AB%E9%94%85' });
      const prompt = await screen.findByTestId('competitors-login');
      fireEvent.click(within(prompt).getByRole('button', { name: '立即登录' }));
      expect(useDialogs.getState().open.login).toBe(true);
      expect(request).not.toHaveBeenCalledWith(CreatorPath.competitors, expect.anything());
      useDialogs.getState().closeDialog('login');
    },
    TIMEOUT,
  );
});
