import { KeywordPickPath } from '@dso/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { requestStream } from '../../../../components/testing/api-client-mock';
import { pausedStream, streamUntilStopped } from '../../../../components/testing/paused-stream';
import { PAGE_TEST_TIMEOUT, renderPage } from '../../../../components/testing/render-route';
import { useDialogs } from '../../../../stores/dialogs';
import { keywordRow } from '../../../keyword-detail/testing';

vi.mock('../../../../lib/api/client', () => import('../../../../components/testing/api-client-mock'));

const { AiPicksPanel } = await import('./ai-picks-panel');

const candidates = [
  keywordRow({ id: 1, keyword: '露营装备清单', search_index: '4.8w', related_work_count: '900', competition: 1 }),
  keywordRow({ id: 2, keyword: '露营推车推荐', search_index: '3.6w', related_work_count: '1.5k', competition: 2 }),
  keywordRow({ id: 3, keyword: '露营防潮垫', search_index: '4k', competition: 2 }),
];

beforeEach(() => {
  requestStream.mockReset();
  useDialogs.setState((state) => ({ open: { ...state.open, login: false }, payload: {} }));
});

describe('AI 挑词 panel', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('streams the picks with the figures the library shows beside each, and picks again', async () => {
    const stream = pausedStream(
      [
        { event: 'start', data: { sandbox: true, candidates } },
        { event: 'delta', data: { text: '挑出2个：\n1. 「露营装备清单」：竞争很小' } },
      ],
      [
        { event: 'delta', data: { text: '。\n2. 「露营推车推荐」：需求大\n3. 「编造的词」：不在候选里' } },
        { event: 'done', data: { sandbox: true } },
      ],
    );
    requestStream.mockImplementationOnce(stream.answer);
    renderPage(<AiPicksPanel keyword="露营" />, { url: '/keyWordSeo?keyword=露营' });
    fireEvent.click(await screen.findByRole('button', { name: /开始 AI 挑词/ }));
    expect(requestStream.mock.calls[0]![0]).toBe(KeywordPickPath.pick);
    expect(requestStream.mock.calls[0]![1]).toMatchObject({ method: 'POST', body: { keyword: '露营', attempt: 0 } });
    await waitFor(() => expect(screen.getAllByTestId('ai-pick')).toHaveLength(1));
    expect(screen.getByRole('button', { name: '停止挑选' })).toBeTruthy();
    stream.release();
    await waitFor(() => expect(screen.getAllByTestId('ai-pick')).toHaveLength(2));

    const [first, second] = screen.getAllByTestId('ai-pick');
    expect(within(first!).getByTestId('pick-search-index').textContent).toBe('4.8w');
    expect(within(first!).getByText('竞争很小。')).toBeTruthy();
    expect(within(first!).getByRole('img', { name: /竞争度小，1颗星/ })).toBeTruthy();
    expect(within(second!).getByRole('link', { name: '露营推车推荐' }).getAttribute('href')).toContain(
      '/keyWordDetail?keyword=',
    );
    expect(
      within(second!)
        .getByRole('link', { name: /写文案/ })
        .getAttribute('href'),
    ).toBe(`/copyWriters?keyword=${encodeURIComponent('露营推车推荐')}`);
    expect(screen.queryByText('编造的词')).toBeNull();
    expect(screen.getByTestId('sandbox-tag')).toBeTruthy();
    expect(screen.getByText('AI 从 3 个蓝海候选词中挑选最值得做的词，并说明理由')).toBeTruthy();

    requestStream.mockImplementationOnce(
      streamUntilStopped([
        { event: 'start', data: { sandbox: true, candidates } },
        { event: 'delta', data: { text: '1. 「露营防潮垫」：' } },
      ]),
    );
    fireEvent.click(screen.getByRole('button', { name: /重新挑选/ }));
    expect(requestStream.mock.calls[1]![1]).toMatchObject({ body: { keyword: '露营', attempt: 1 } });
    await waitFor(() => expect(screen.getAllByTestId('ai-pick')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: '停止挑选' }));
    expect(await screen.findByText('已停止')).toBeTruthy();
    expect(within(screen.getByTestId('ai-pick')).getByText('露营防潮垫')).toBeTruthy();
  });

  it('asks for a core word before picking, since picks must relate to the word the user typed', async () => {
    renderPage(<AiPicksPanel keyword="" />, { url: '/keyWordSeo' });
    expect(await screen.findByText('先在上方输入核心词并搜索，AI 从它的蓝海词中挑选值得做的词')).toBeTruthy();
    expect(screen.getByRole('button', { name: /开始 AI 挑词/ }).hasAttribute('disabled')).toBe(true);
    expect(requestStream).not.toHaveBeenCalled();
  });

  it('asks a visitor to log in', async () => {
    renderPage(<AiPicksPanel keyword="露营" />, { url: '/keyWordSeo', viewer: 'visitor' });
    fireEvent.click(await screen.findByRole('button', { name: /开始 AI 挑词/ }));
    expect(useDialogs.getState().open.login).toBe(true);
    expect(requestStream).not.toHaveBeenCalled();
  });
});
