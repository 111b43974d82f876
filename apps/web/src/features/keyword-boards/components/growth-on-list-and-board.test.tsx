import { type BoardList, KeywordDetailPath, type KeywordRow } from '@dso/contract';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGE_TEST_TIMEOUT, renderPage } from '../../../components/testing/render-route';
import { keywordRow } from '../../keyword-detail/testing';
import { KeywordTable, libraryOf } from '../../keywords/testing';

const request = vi.fn();
vi.mock('../../../lib/api/client', () => ({ request: (...args: unknown[]) => request(...args) }));

const { BoardList: BoardListView } = await import('./board-list');

function serveBoardWith(rate: KeywordRow['growth_rate']) {
  request.mockImplementation(async (path: string) => {
    if (path !== KeywordDetailPath.board) throw new Error(`unexpected call ${JSON.stringify(path)}`);
    const list: BoardList = {
      board: 'blue',
      title: '蓝海词榜',
      industry: null,
      as_of: '2026-11-20',
      total_record: 1,
      data_max: 300,
      user_grade: 'VIP',
      result: [{ ...keywordRow({ keyword: '露营装备', growth_rate: rate }), rank: 1, rank_change: 0 }],
    };
    return list;
  });
}

/** A growth cell's direction and text, as a reader sees them. */
const readGrowth = (cell: Element) => `${cell.getAttribute('data-direction')} ${cell.textContent}`;
const growthIn = (container: Element) => {
  const cell = container.querySelector('.kd-growth');
  return cell ? readGrowth(cell) : null;
};

beforeEach(() => {
  request.mockReset();
});

describe('a growth rate on the keyword list and on a board', { timeout: PAGE_TEST_TIMEOUT }, () => {
  for (const rate of [0.22, -0.062, '5%-10%', '-30%+'] as const) {
    it(`reads the same for ${rate}`, async () => {
      serveBoardWith(rate);
      const board = renderPage(<BoardListView params={{ board: 'blue', industry: null }} />);
      await screen.findByTestId('board-row');
      const onBoard = growthIn(board.container);
      board.unmount();

      const list = renderPage(
        <KeywordTable rows={[keywordRow({ growth_rate: rate })]} library={libraryOf('DSO')} highlight="" />,
      );
      await waitFor(() => expect(growthIn(list.container)).not.toBeNull());
      expect(growthIn(list.container)).toBe(onBoard);
    });
  }

  it('shows an exact rate with 2 decimals and a band as sent', async () => {
    const list = renderPage(
      <KeywordTable
        rows={[
          keywordRow({ id: 1, growth_rate: 0.22 }),
          keywordRow({ id: 2, keyword: '帐篷', growth_rate: '-5%-10%' }),
        ]}
        library={libraryOf('DSO')}
        highlight=""
      />,
    );
    await screen.findByText('帐篷');
    const cells = [...list.container.querySelectorAll('.kd-growth')].map(readGrowth);
    expect(cells).toEqual(['up 22.00%', 'down 5%-10%']);
  });
});
