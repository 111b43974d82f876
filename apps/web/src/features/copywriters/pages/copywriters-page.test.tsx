import { CopywriterPath, type CopywriterSources, type CopywriterWorkList } from '@dso/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { request, requestStream } from '../../../components/testing/api-client-mock';
import { pausedStream, streamUntilStopped } from '../../../components/testing/paused-stream';
import { PAGE_TEST_TIMEOUT, renderPage } from '../../../components/testing/render-route';
import type { StreamEvent } from '../../../lib/api/client';
import { ApiError } from '../../../lib/api/errors';
import { useDialogs } from '../../../stores/dialogs';

vi.mock('../../../lib/api/client', () => import('../../../components/testing/api-client-mock'));

const { default: CopywritersPage } = await import('./copywriters-page');

type Emit = (event: StreamEvent) => void;
const sources: CopywriterSources = {
  videos: [
    { aweme_id: '7300000000000000001', title: '新手第一次露营带什么', good_count: 12_300, comments: ['帐篷选哪款？'] },
  ],
  words: ['露营帐篷推荐'],
};
const output = () => screen.getByTestId('copywriter-output') as HTMLTextAreaElement;

beforeEach(() => {
  request.mockReset();
  requestStream.mockReset();
  useDialogs.setState((state) => ({ open: { ...state.open, pay: false, login: false, video: false }, payload: {} }));
});

describe('AI 文案 page', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('starts with the keyword of the address, streams the script, shows its sources, regenerates and saves', async () => {
    const stream = pausedStream(
      [
        { event: 'start', data: { sandbox: true, sources } },
        { event: 'delta', data: { text: '【开头3秒】' } },
      ],
      [
        { event: 'delta', data: { text: '露营【参考视频1】' } },
        { event: 'done', data: { sandbox: true } },
      ],
    );
    requestStream.mockImplementationOnce(stream.answer);
    renderPage(<CopywritersPage />, { path: '/copyWriters', url: '/copyWriters?keyword=露营装备' });
    expect(((await screen.findByLabelText('关键词')) as HTMLInputElement).value).toBe('露营装备');
    fireEvent.click(screen.getByRole('button', { name: '生成文案' }));
    await waitFor(() => expect(output().value).toBe('【开头3秒】'));
    expect(screen.getByRole('button', { name: '停止生成' })).toBeTruthy();
    stream.release();
    await waitFor(() => expect(output().value).toBe('【开头3秒】露营【参考视频1】'));
    expect(requestStream.mock.calls[0]![0]).toBe(CopywriterPath.generate);
    expect(requestStream.mock.calls[0]![1]).toMatchObject({
      method: 'POST',
      body: { keyword: '露营装备', attempt: 0 },
    });
    expect(screen.getByTestId('sandbox-tag').textContent).toBe('沙箱示例输出');

    // The cited video opens the video detail dialog; the related word links to its detail page.
    fireEvent.click(screen.getByRole('button', { name: /视频1.*新手第一次露营带什么/ }));
    expect(useDialogs.getState().open.video).toBe(true);
    expect(useDialogs.getState().payload.video).toEqual({ id: '7300000000000000001' });
    expect(screen.getByText('“帐篷选哪款？”')).toBeTruthy();
    expect(screen.getByRole('link', { name: '露营帐篷推荐' }).getAttribute('href')).toBe(
      '/keyWordDetail?keyword=%E9%9C%B2%E8%90%A5%E5%B8%90%E7%AF%B7%E6%8E%A8%E8%8D%90',
    );

    requestStream.mockImplementationOnce(async (_path: string, _options: unknown, emit: Emit) => {
      emit({ event: 'start', data: { sandbox: true, sources } });
      emit({ event: 'delta', data: { text: '另一版' } });
    });
    fireEvent.click(screen.getByRole('button', { name: '重新生成' }));
    await waitFor(() => expect(output().value).toBe('另一版'));
    expect(requestStream.mock.calls[1]![1]).toMatchObject({ body: { keyword: '露营装备', attempt: 1 } });

    request.mockImplementation(async (_path: string, options: { body: Record<string, unknown> }) => ({
      id: 5,
      ...options.body,
      created_at: '',
      updated_at: '',
    }));
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith(CopywriterPath.works, {
        method: 'POST',
        body: { keyword: '露营装备', title: 'AI文案：露营装备', content: '另一版', sources, sandbox: true },
      }),
    );
    expect(await screen.findByRole('button', { name: /保存修改/ })).toBeTruthy();
  });

  it('stops a script and keeps what arrived', async () => {
    requestStream.mockImplementationOnce(
      streamUntilStopped([
        { event: 'start', data: { sandbox: false, sources } },
        { event: 'delta', data: { text: '写到一半' } },
      ]),
    );
    renderPage(<CopywritersPage />, { path: '/copyWriters', url: '/copyWriters?keyword=露营装备' });
    fireEvent.click(await screen.findByRole('button', { name: '生成文案' }));
    fireEvent.click(await screen.findByRole('button', { name: '停止生成' }));
    expect(await screen.findByText('已停止')).toBeTruthy();
    expect(output().value).toBe('写到一半');
    expect(screen.getByRole('button', { name: '重新生成' })).toBeTruthy();
  });

  it('asks for a keyword, asks a visitor to log in, and opens the pay dialog when the count is used up', async () => {
    const { unmount } = renderPage(<CopywritersPage />, {
      path: '/copyWriters',
      url: '/copyWriters',
      viewer: 'visitor',
    });
    fireEvent.click(await screen.findByRole('button', { name: '生成文案' }));
    // An empty keyword is asked for (请输入关键词) before the login.
    expect(useDialogs.getState().open.login).toBe(false);
    fireEvent.change(screen.getByLabelText('关键词'), { target: { value: '露营装备' } });
    fireEvent.click(screen.getByRole('button', { name: '生成文案' }));
    expect(useDialogs.getState().open.login).toBe(true);
    expect(requestStream).not.toHaveBeenCalled();
    unmount();

    requestStream.mockRejectedValueOnce(
      new ApiError(810, '今日次数已用尽', {
        alias: 'AI_WRITING_COUNT_DAY',
        reason: 'exhausted',
        action: 'pay',
        grade: 'VIP',
      }),
    );
    renderPage(<CopywritersPage />, { path: '/copyWriters', url: '/copyWriters?keyword=露营装备', viewer: 'FREE' });
    fireEvent.click(await screen.findByRole('button', { name: '生成文案' }));
    await waitFor(() => expect(useDialogs.getState().open.pay).toBe(true));
    expect(screen.getByRole('button', { name: '生成文案' })).toBeTruthy();
  });

  it('lists saved scripts under 历史文案 and reopens one with its sources', async () => {
    const list: CopywriterWorkList = {
      total: 1,
      list: [
        {
          id: 9,
          keyword: '露营装备',
          title: 'AI文案：露营装备',
          excerpt: '露营的开头',
          sandbox: true,
          created_at: '2026-11-24T08:00:00Z',
          updated_at: '2026-11-24T08:00:00Z',
        },
      ],
    };
    request.mockImplementation(async (path: string) => {
      if (path === CopywriterPath.works) return list;
      if (path === CopywriterPath.workOf(9)) {
        const { excerpt: _excerpt, ...summary } = list.list[0]!;
        return { ...summary, content: '露营的开头，完整文案', sources };
      }
      throw new Error(`unexpected call ${path}`);
    });
    renderPage(<CopywritersPage />, { path: '/copyWriters', url: '/copyWriters?tab=history' });
    expect(await screen.findByText('露营的开头')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'AI文案：露营装备' }));
    await waitFor(() => expect(output().value).toBe('露营的开头，完整文案'));
    expect(screen.getByTestId('address').textContent).toContain('work=9');
    expect(screen.getByRole('button', { name: /新手第一次露营带什么/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /保存修改/ })).toBeTruthy();
  });
});
