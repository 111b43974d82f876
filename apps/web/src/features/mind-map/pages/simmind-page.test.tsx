import { type MindMap, MindMapPath } from '@dso/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGE_TEST_TIMEOUT, renderPage } from '../../../components/testing/render-route';
import { ApiError } from '../../../lib/api/errors';
import { useDialogs } from '../../../stores/dialogs';

const request = vi.fn();
vi.mock('../../../lib/api/client', () => ({ request: (...args: unknown[]) => request(...args) }));
const toast = vi.fn();
vi.mock('../../../lib/feedback', () => ({ toast: (...args: unknown[]) => toast(...args) }));
const saveFile = vi.fn();
vi.mock('../../../lib/save-file', () => ({ saveFile: (...args: unknown[]) => saveFile(...args) }));
// The canvas does not draw in jsdom; the outline beside it holds the same words as buttons.
vi.mock('../components/mind-map-chart', () => ({ MindMapChart: () => <div data-testid="fake-chart" /> }));

const { default: SimmindPage } = await import('./simmind-page');

const map: MindMap = {
  keyword: '露营装备',
  sandbox: true,
  groups: [
    { name: '选购推荐', words: [{ word: '露营装备推荐', relation: 'sug', search_index: 1200 }] },
    { name: '核心词根', words: [{ word: '露营', relation: 'root', search_index: 52000 }] },
  ],
};

beforeEach(() => {
  request.mockReset();
  saveFile.mockReset();
  toast.mockReset();
  useDialogs.setState((state) => ({ open: { ...state.open, buyTimes: false, pay: false, login: false }, payload: {} }));
  request.mockImplementation(
    async (path: string, options: { body?: { keyword: string }; query?: { word: string } }) => {
      if (path === MindMapPath.build) return { ...map, keyword: options.body!.keyword };
      if (path === MindMapPath.expand && options.query!.word === '露营装备推荐') {
        return {
          word: '露营装备推荐',
          children: [
            { word: '露营装备推荐平价', relation: 'sug', search_index: 300 },
            { word: '露营', relation: 'correlation', search_index: 52000 },
          ],
        };
      }
      if (path === MindMapPath.expand) return { word: options.query!.word, children: [] };
      throw new Error(`unexpected call ${path}`);
    },
  );
});

describe('关键词思维导图', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('builds a map, opens a word with its new children, and exports Markdown', async () => {
    renderPage(<SimmindPage />, { path: '/simmind', url: '/simmind?keyword=露营装备' });
    expect((screen.getByLabelText('导图关键词') as HTMLInputElement).value).toBe('露营装备');
    fireEvent.click(screen.getByRole('button', { name: /生成导图/ }));
    expect(await screen.findByTestId('mind-map-summary')).toHaveProperty(
      'textContent',
      '「露营装备」 2 个分组 · 2 个关键词',
    );
    expect(screen.getByText('沙箱示例输出')).toBeTruthy();
    expect(request).toHaveBeenCalledWith(MindMapPath.build, { method: 'POST', body: { keyword: '露营装备' } });

    fireEvent.click(screen.getByRole('button', { name: '露营装备推荐' }));
    // 露营 is on the map already: only the new word is added.
    expect(await screen.findByRole('button', { name: '露营装备推荐平价' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: '露营' })).toHaveLength(1);
    // Clicking again folds it without asking again.
    fireEvent.click(screen.getByRole('button', { name: '露营装备推荐' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: '露营装备推荐平价' })).toBeNull());
    expect(request.mock.calls.filter(([path]) => path === MindMapPath.expand)).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: '露营装备推荐' }));
    fireEvent.click(screen.getByRole('button', { name: /导出 Markdown/ }));
    const [blob, name] = saveFile.mock.calls[0]!;
    expect(name).toBe('思维导图-露营装备.md');
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob as Blob);
    });
    expect(text).toContain('  - 露营装备推荐平价（下拉词，搜索指数 300）');
  });

  it('asks for a keyword, and says when a word has nothing more', async () => {
    renderPage(<SimmindPage />, { path: '/simmind', url: '/simmind' });
    fireEvent.click(screen.getByRole('button', { name: /生成导图/ }));
    expect(toast).toHaveBeenCalledWith('请输入关键词', 'warning');
    fireEvent.change(screen.getByLabelText('导图关键词'), { target: { value: '露营装备' } });
    fireEvent.click(screen.getByRole('button', { name: /生成导图/ }));
    fireEvent.click(await screen.findByRole('button', { name: '露营' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('暂无更多相关词', 'info'));
  });

  it('opens the upgrade prompt when the daily count is used up', async () => {
    request.mockRejectedValueOnce(
      new ApiError(810, '今日次数已用尽', {
        alias: 'AI_WRITING_COUNT_DAY',
        reason: 'exhausted',
        action: 'pay',
        grade: 'SVIP',
      }),
    );
    renderPage(<SimmindPage />, { path: '/simmind', url: '/simmind?keyword=露营装备' });
    fireEvent.click(screen.getByRole('button', { name: /生成导图/ }));
    await waitFor(() => expect(useDialogs.getState().open.pay).toBe(true));
  });
});
