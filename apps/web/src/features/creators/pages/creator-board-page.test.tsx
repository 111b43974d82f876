import { CreatorPath } from '@dso/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { creatorRow, listPage, renderCreators } from '../testing';

const request = vi.fn();
vi.mock('../../../lib/api/client', () => ({ request: (...args: unknown[]) => request(...args) }));

const { default: CreatorBoardPage } = await import('./creator-board-page');
const TIMEOUT = 30_000;

beforeEach(() => {
  request.mockReset();
  request.mockImplementation(async (path: string) => {
    if (path === CreatorPath.facets) return { fields: [{ name: '美食餐饮', count: 3 }], provinces: [] };
    return listPage(
      [
        creatorRow({ user_id: 'a' }),
        creatorRow({ user_id: 'b', nick_name: '二号' }),
        creatorRow({ user_id: 'c', nick_name: '三号' }),
        creatorRow({ user_id: 'd', nick_name: '四号' }),
      ],
      { total_record: 4 },
    );
  });
});

describe('/personList', () => {
  it(
    'ranks the creators of every field, then of one field, by the chosen figure',
    async () => {
      renderCreators(<CreatorBoardPage />, { url: '/personList', grade: 'FREE' });
      const list = await screen.findByRole('list', { name: '达人榜' });
      expect(
        within(list)
          .getAllByTestId('creator-rank')
          .map((rank) => rank.textContent),
      ).toEqual(['1', '2', '3', '4']);
      expect(screen.getByText('~没有更多了~')).toBeTruthy();
      fireEvent.click(await screen.findByRole('button', { name: '美食餐饮' }));
      await waitFor(() =>
        expect(request).toHaveBeenLastCalledWith(
          CreatorPath.list,
          expect.objectContaining({
            query: expect.objectContaining({ field: '美食餐饮', sort: 'total_follower_count' }),
          }),
        ),
      );
      fireEvent.click(screen.getByText('30天涨粉', { selector: '.ant-segmented-item-label' }));
      await waitFor(() =>
        expect(request).toHaveBeenLastCalledWith(
          CreatorPath.list,
          expect.objectContaining({
            query: expect.objectContaining({ field: '美食餐饮', sort: 'follower_growth_30d' }),
          }),
        ),
      );
      expect(screen.getByRole('heading', { name: '美食餐饮 · 达人排行' })).toBeTruthy();
    },
    TIMEOUT,
  );
});
