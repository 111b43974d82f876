import { KeywordDetailPath, type RelatedList } from '@dso/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { lackingRightError } from '../../../components/testing/refusals';
import { findLink, PAGE_TEST_TIMEOUT, renderPage } from '../../../components/testing/render-route';
import { useDialogs } from '../../../stores/dialogs';
import { keywordRow } from '../testing';

const request = vi.fn();
vi.mock('../../../lib/api/client', () => ({ request: (...args: unknown[]) => request(...args) }));

const { RelatedWordsTab } = await import('./related-words-tab');

const ref = { platform: 'DSO' as const, keyword: '露营' };

function relatedList(overrides: Partial<RelatedList> = {}): RelatedList {
  return {
    relation: 'sug',
    main_word: null,
    total_record: 2,
    total_estimated: false,
    data_max: 500,
    user_grade: 'VIP',
    result: [
      keywordRow({ id: 11, keyword: '露营装备清单' }),
      keywordRow({ id: 12, keyword: '露营帐篷推荐', competition: 1, growth_rate: -0.08 }),
    ],
    ...overrides,
  };
}

const relatedCalls = () =>
  request.mock.calls
    .filter(([path]) => path === KeywordDetailPath.related)
    .map(([, options]) => (options as { query: Record<string, unknown> }).query);

beforeEach(() => {
  request.mockReset();
});

describe('RelatedWordsTab', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('shows each word’s relation strength and whether it is rising, falling or flat', async () => {
    request.mockResolvedValue(
      relatedList({
        total_record: 4,
        result: [
          { ...keywordRow({ id: 31, keyword: '露营装备', growth_rate: 0.125 }), relation_strength: 60 },
          { ...keywordRow({ id: 32, keyword: '露营帐篷推荐', growth_rate: -0.08 }), relation_strength: 47 },
          { ...keywordRow({ id: 33, keyword: '露营灯', growth_rate: 0.004 }), relation_strength: 25 },
          { ...keywordRow({ id: 34, keyword: '登山鞋', growth_rate: '--' }), relation_strength: 20 },
        ],
      }),
    );
    renderPage(<RelatedWordsTab keywordRef={ref} />, { url: '/keyWordDetail/relatedWords?keyword=露营' });
    const rowOf = async (word: string) => (await findLink(word)).closest('tr') as HTMLElement;
    const gear = await rowOf('露营装备');
    expect(within(gear).getByLabelText('关联强度强，60')).toBeTruthy();
    expect(within(gear).getByLabelText('上升').closest('[data-trend]')?.textContent).toBe('12.50%');
    const tent = await rowOf('露营帐篷推荐');
    expect(within(tent).getByLabelText('关联强度中，47')).toBeTruthy();
    expect(within(tent).getByLabelText('下降').closest('[data-trend]')?.textContent).toBe('8.00%');
    const lamp = await rowOf('露营灯');
    expect(within(lamp).getByLabelText('关联强度弱，25')).toBeTruthy();
    expect(within(lamp).getByText('持平')).toBeTruthy();
    expect(within(await rowOf('登山鞋')).getByText('—')).toBeTruthy();
    expect(screen.getByLabelText('关联强度说明')).toBeTruthy();
    expect(screen.getByLabelText('热度走势说明')).toBeTruthy();
  });

  it('starts with the drop-down words, ten a page, each opening its own detail', async () => {
    request.mockResolvedValue(relatedList());
    renderPage(<RelatedWordsTab keywordRef={ref} />, { url: '/keyWordDetail/relatedWords?keyword=露营' });
    const link = await findLink('露营装备清单');
    expect(decodeURIComponent(link.getAttribute('href') ?? '')).toBe('/keyWordDetail?keyword=露营装备清单');
    expect(relatedCalls()[0]).toMatchObject({ relation: 'sug', page_no: 1, page_size: 10, keyword: '露营' });
    expect(link.querySelector('mark')?.textContent).toBe('露营');
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByText('12.3w')).toBeTruthy();
    expect(within(row).getByRole('img', { name: '竞争度中，3颗星' })).toBeTruthy();
  });

  it('switches to the correlation words and names the main word they share', async () => {
    request.mockImplementation(async (_path: string, options?: { query: { relation: string } }) =>
      options?.query.relation === 'correlation'
        ? relatedList({
            relation: 'correlation',
            main_word: '露营',
            result: [keywordRow({ id: 21, keyword: '周末露营' })],
          })
        : relatedList(),
    );
    renderPage(<RelatedWordsTab keywordRef={ref} />, { url: '/keyWordDetail/relatedWords?keyword=露营' });
    await findLink('露营装备清单');
    fireEvent.click(screen.getByText('相关词'));
    expect(await findLink('周末露营')).toBeTruthy();
    expect(screen.getByText(/主词「露营」/)).toBeTruthy();
    expect(decodeURIComponent(screen.getByTestId('address').textContent ?? '')).toContain('relation=correlation');
  });

  it('states the grade’s row cap and refuses to page past it with the upgrade prompt', async () => {
    request.mockResolvedValue(relatedList({ total_record: 120, data_max: 50, user_grade: 'FREE' }));
    renderPage(<RelatedWordsTab keywordRef={ref} />, {
      url: '/keyWordDetail/relatedWords?keyword=露营',
      viewer: 'FREE',
    });
    expect(await screen.findByText('您的免费版会员只能看50条数据，升级会员查看更多')).toBeTruthy();
    fireEvent.click(screen.getByTitle('12'));
    await waitFor(() => expect(useDialogs.getState().open.noPermission).toBe(true));
    expect(relatedCalls().every((query) => query.page_no === 1)).toBe(true);
  });

  it('shows the no-permission panel when the server refuses the tab', async () => {
    request.mockRejectedValue(lackingRightError('KEYWORD_LIBRARY_ROWS', 'VIP'));
    renderPage(<RelatedWordsTab keywordRef={ref} />, {
      url: '/keyWordDetail/relatedWords?keyword=露营',
      viewer: 'FREE',
    });
    expect(await screen.findByText('权限不足，升级会员版本可查看更多数据~')).toBeTruthy();
    expect(screen.getByAltText('关键词数据示例图')).toBeTruthy();
  });

  it('pages within the cap', async () => {
    request.mockResolvedValue(relatedList({ total_record: 120, data_max: 500 }));
    renderPage(<RelatedWordsTab keywordRef={ref} />, { url: '/keyWordDetail/relatedWords?keyword=露营' });
    await findLink('露营装备清单');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(relatedCalls().some((query) => query.page_no === 2)).toBe(true));
  });
});
