import { type BoardList, type BoardRow, boardIndustriesPath, KeywordDetailPath } from '@dso/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireListLoad } from '../../../components/testing/fire-list-load';
import { findLink, PAGE_TEST_TIMEOUT, renderPage } from '../../../components/testing/render-route';
import { useDialogs } from '../../../stores/dialogs';
import { keywordRow } from '../../keyword-detail/testing';

const request = vi.fn();
vi.mock('../../../lib/api/client', () => ({ request: (...args: unknown[]) => request(...args) }));

const { default: KeywordBoardsPage } = await import('./keyword-boards-page');

type BoardQuery = { board: string; industry?: string; page_no: number; page_size: number };

/** A board of `total` ranked words of which the caller may see `dataMax`, served 20 a page. */
function serveBoard({ total = 100, dataMax = 300, grade = 'VIP' } = {}) {
  request.mockImplementation(async (path: string, options: { query: BoardQuery }) => {
    if (path === boardIndustriesPath) {
      return [
        { industry: '美妆护肤', keyword_count: 300 },
        { industry: '户外运动', keyword_count: 120 },
      ];
    }
    if (path !== KeywordDetailPath.board) throw new Error(`unexpected call ${path}`);
    const { page_no: page, page_size: size, board, industry } = options.query;
    const first = (page - 1) * size + 1;
    const last = Math.min(page * size, total, dataMax);
    const result: BoardRow[] = [];
    for (let rank = first; rank <= last; rank++) {
      result.push({
        ...keywordRow({ id: rank, keyword: `${industry ?? ''}热词${rank}`, industry: industry ?? '户外运动' }),
        rank,
        rank_change: rank === 1 ? 2 : rank === 2 ? -1 : rank === 3 ? null : 0,
      });
    }
    const list: BoardList = {
      board: board as BoardList['board'],
      title: '蓝海词榜',
      industry: industry ?? null,
      as_of: '2026-11-20',
      total_record: total,
      data_max: dataMax,
      user_grade: grade,
      result,
    };
    return list;
  });
}

const boardCalls = () =>
  request.mock.calls
    .filter(([path]) => path === KeywordDetailPath.board)
    .map(([, options]) => (options as { query: BoardQuery }).query);

const renderBoards = (url = '/KeywordDouyinHot/blue', viewer: Parameters<typeof renderPage>[1] = {}) =>
  renderPage(<KeywordBoardsPage />, { path: '/KeywordDouyinHot/:tabVal?', url, ...viewer });

beforeEach(() => {
  request.mockReset();
});

describe('KeywordBoardsPage', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('shows the nine boards as tabs with the chosen one current', async () => {
    serveBoard();
    renderBoards('/KeywordDouyinHot/industryHeight');
    const tabs = within(screen.getByRole('navigation', { name: '榜单' })).getAllByRole('link');
    expect(tabs.map((tab) => tab.querySelector('.kb-tab__name')?.textContent)).toEqual([
      '蓝海词',
      '行业热词',
      '电商热卖词',
      '行业高增长词',
      '话题榜',
      '电商热词',
      '行业新词',
      '话题飙升',
      '电商新词',
    ]);
    expect(tabs[3]!.getAttribute('aria-current')).toBe('page');
    await waitFor(() => expect(boardCalls()[0]).toMatchObject({ board: 'industryHeight', page_no: 1, page_size: 20 }));
  });

  it('opens the blue-ocean board for an unknown board name', async () => {
    serveBoard();
    renderBoards('/KeywordDouyinHot/nonsense');
    await waitFor(() => expect(boardCalls()[0]?.board).toBe('blue'));
  });

  it('ranks the words with the top three set apart and the move since the last board', async () => {
    serveBoard();
    renderBoards();
    const rows = await screen.findAllByTestId('board-row');
    expect(rows).toHaveLength(20);
    const tiers = rows.slice(0, 4).map((row) => row.querySelector('[data-rank-tier]')?.getAttribute('data-rank-tier'));
    expect(tiers).toEqual(['top1', 'top2', 'top3', 'rest']);
    expect(within(rows[0]!).getByTitle('上升2名').textContent).toBe('2');
    expect(within(rows[1]!).getByTitle('下降1名').textContent).toBe('1');
    expect(within(rows[2]!).getByTitle('新上榜').textContent).toBe('新');
    expect(within(rows[3]!).getByTitle('排名不变')).toBeTruthy();
    expect(within(rows[0]!).getByText('12.3w')).toBeTruthy();
    expect(within(rows[0]!).getByRole('img', { name: '竞争度中，3颗星' })).toBeTruthy();
    expect(screen.getByTestId('board-as-of').textContent).toContain('2026-11-20');
  });

  it('opens a keyword’s detail from the board', async () => {
    serveBoard();
    renderBoards();
    const link = await findLink('热词1');
    fireEvent.click(link);
    expect(decodeURIComponent(screen.getByTestId('address').textContent ?? '')).toBe('/keyWordDetail?keyword=热词1');
  });

  it('loads the next page when the layout fires the route’s load event', async () => {
    serveBoard();
    renderBoards();
    await screen.findAllByTestId('board-row');
    fireListLoad('hotListLoad');
    await waitFor(() => expect(screen.getAllByTestId('board-row')).toHaveLength(40));
    expect(boardCalls().map((query) => query.page_no)).toEqual([1, 2]);
  });

  it('stops with ~没有更多了~ at the end of the board', async () => {
    serveBoard({ total: 30 });
    renderBoards();
    await screen.findAllByTestId('board-row');
    fireListLoad('hotListLoad');
    expect(await screen.findByText('~没有更多了~')).toBeTruthy();
    expect(screen.getAllByTestId('board-row')).toHaveLength(30);
  });

  it('asks a visitor to log in for more rankings', async () => {
    serveBoard({ dataMax: 10, grade: 'FREE' });
    renderBoards('/KeywordDouyinHot/blue', { viewer: 'visitor' });
    expect(await screen.findByText('需要登录才能查看更多排名')).toBeTruthy();
    expect(screen.getAllByTestId('board-row')).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: '马上登录' }));
    expect(useDialogs.getState().open.login).toBe(true);
  });

  it('states the grade’s row cap when the board reaches it', async () => {
    serveBoard({ dataMax: 30, grade: 'FREE' });
    renderBoards('/KeywordDouyinHot/blue', { viewer: 'FREE' });
    await screen.findAllByTestId('board-row');
    fireListLoad('hotListLoad');
    expect(await screen.findByText('您的免费版会员只能看30条数据，升级会员查看更多')).toBeTruthy();
    expect(screen.getAllByTestId('board-row')).toHaveLength(30);
  });

  it('filters the board by industry and keeps the industry in the address', async () => {
    serveBoard();
    renderBoards();
    fireEvent.click(await screen.findByRole('button', { name: '美妆护肤' }));
    await waitFor(() => expect(boardCalls().at(-1)).toMatchObject({ board: 'blue', industry: '美妆护肤', page_no: 1 }));
    expect(await findLink('美妆护肤热词1')).toBeTruthy();
    expect(decodeURIComponent(screen.getByTestId('address').textContent ?? '')).toBe(
      '/KeywordDouyinHot/blue?industry=美妆护肤',
    );
  });
});
