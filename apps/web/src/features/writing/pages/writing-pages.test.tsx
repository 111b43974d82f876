import { WritingPath, type WritingTemplate, type WritingWorkList } from '@dso/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { request, requestStream } from '../../../components/testing/api-client-mock';
import { pausedStream, streamUntilStopped } from '../../../components/testing/paused-stream';
import { PAGE_TEST_TIMEOUT, renderPage } from '../../../components/testing/render-route';
import type { StreamEvent } from '../../../lib/api/client';
import { ApiError } from '../../../lib/api/errors';
import { readSession, SessionKey, writeSession } from '../../../lib/storage';
import { useDialogs } from '../../../stores/dialogs';

vi.mock('../../../lib/api/client', () => import('../../../components/testing/api-client-mock'));

const { default: CueWordPage } = await import('./cue-word-page');
const { default: WritingPage } = await import('./writing-page');
const { default: CueWordHistoryPage } = await import('./cue-word-history-page');

const template: WritingTemplate = {
  id: 3,
  category_id: 1,
  category_title: '短视频脚本',
  title: '口播短视频脚本',
  description: '60秒左右的真人口播脚本',
  tone: '口语化',
  audience: '普通用户',
  variables: [
    {
      key: 'keyword',
      label: '视频主题',
      placeholder: '例如：新手露营装备',
      kind: 'text',
      required: true,
      max_length: 30,
    },
    { key: 'detail', label: '补充信息', placeholder: '选填', kind: 'textarea', required: false, max_length: 300 },
  ],
};
const groups = {
  短视频脚本: [template],
  标题与开头: [{ ...template, id: 4, category_id: 2, category_title: '标题与开头', title: '爆款标题' }],
};

type Emit = (event: StreamEvent) => void;
/** A stream that sends `pieces` one by one, each after the test releases it. */
function streamOf(pieces: string[], sandbox = true) {
  return async (_path: string, _options: { signal: AbortSignal }, emit: Emit) => {
    emit({ event: 'start', data: { sandbox } });
    for (const text of pieces) emit({ event: 'delta', data: { text } });
    emit({ event: 'done', data: { sandbox } });
  };
}

beforeEach(() => {
  request.mockReset();
  requestStream.mockReset();
  writeSession(SessionKey.writingTemplate, null);
  useDialogs.setState((state) => ({ open: { ...state.open, buyTimes: false, pay: false, login: false }, payload: {} }));
  request.mockImplementation(async (path: string) => {
    if (path === WritingPath.templates) return groups;
    throw new Error(`unexpected call ${path}`);
  });
});

describe('AI 创作 pages', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('/CueWord lists templates by category title and opens /writing with the chosen one', async () => {
    renderPage(<CueWordPage />, { path: '/CueWord', url: '/CueWord', viewer: 'visitor' });
    expect(await screen.findByRole('heading', { name: '短视频脚本' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '标题与开头' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /爆款标题/ }));
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/writing'));
    expect(JSON.parse(readSession(SessionKey.writingTemplate)!).id).toBe(4);
  });

  it('/writing without a chosen template sends the user to choose one', async () => {
    renderPage(<WritingPage />, { path: '/writing', url: '/writing' });
    expect(await screen.findByText('请先选择写作模板')).toBeTruthy();
    expect(screen.getByRole('link', { name: '去选择模板' }).getAttribute('href')).toBe('/CueWord');
  });

  it('streams the text into the page, labels sandbox output beside it, regenerates, and copies and saves it without Markdown marks', async () => {
    writeSession(SessionKey.writingTemplate, JSON.stringify(template));
    const stream = pausedStream(
      [
        { event: 'start', data: { sandbox: true } },
        { event: 'delta', data: { text: '第一段' } },
      ],
      [
        { event: 'delta', data: { text: '第二段' } },
        { event: 'done', data: { sandbox: true } },
      ],
    );
    requestStream.mockImplementationOnce(stream.answer);
    renderPage(<WritingPage />, { path: '/writing', url: '/writing' });
    fireEvent.click(await screen.findByRole('button', { name: '开始生成' }));
    // A required field left empty is asked for before any call.
    expect(requestStream).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(/视频主题/), { target: { value: '露营装备' } });
    fireEvent.click(screen.getByRole('button', { name: '开始生成' }));

    const output = (await screen.findByTestId('writing-output')) as HTMLTextAreaElement;
    await waitFor(() => expect(output.value).toBe('第一段'));
    expect(screen.getByRole('button', { name: '停止生成' })).toBeTruthy();
    stream.release();
    await waitFor(() => expect(output.value).toBe('第一段第二段'));
    expect(screen.getByTestId('sandbox-tag').textContent).toBe('沙箱示例输出');
    expect(requestStream.mock.calls[0]![1]).toMatchObject({
      method: 'POST',
      body: { template_id: 3, fields: { keyword: '露营装备' }, attempt: 0 },
    });

    requestStream.mockImplementationOnce(streamOf(['另一版']));
    fireEvent.click(screen.getByRole('button', { name: '重新生成' }));
    await waitFor(() => expect((screen.getByTestId('writing-output') as HTMLTextAreaElement).value).toBe('另一版'));
    expect(requestStream.mock.calls[1]![1]).toMatchObject({ body: { attempt: 1 } });

    // A model's Markdown marks never reach what is copied or saved.
    fireEvent.change(screen.getByTestId('writing-output'), { target: { value: '# 另一版\n**（改过）**' } });
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    fireEvent.click(screen.getByRole('button', { name: /复\s*制/ }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('另一版\n（改过）'));
    request.mockImplementation(async (path: string, options: { body: Record<string, unknown> }) => {
      if (path === WritingPath.templates) return groups;
      return { id: 11, ...options.body, template_title: template.title, created_at: '', updated_at: '' };
    });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith(WritingPath.works, {
        method: 'POST',
        body: {
          template_id: 3,
          title: '口播短视频脚本：露营装备',
          inputs: { keyword: '露营装备' },
          content: '另一版\n（改过）',
          sandbox: true,
        },
      }),
    );
    expect(await screen.findByRole('button', { name: /保存修改/ })).toBeTruthy();
  });

  it('stops a generation and keeps what arrived', async () => {
    writeSession(SessionKey.writingTemplate, JSON.stringify(template));
    requestStream.mockImplementationOnce(
      streamUntilStopped([
        { event: 'start', data: { sandbox: false } },
        { event: 'delta', data: { text: '写到一半' } },
      ]),
    );
    renderPage(<WritingPage />, { path: '/writing', url: '/writing' });
    fireEvent.change(await screen.findByLabelText(/视频主题/), { target: { value: '露营' } });
    fireEvent.click(screen.getByRole('button', { name: '开始生成' }));
    fireEvent.click(await screen.findByRole('button', { name: '停止生成' }));
    expect(await screen.findByText('已停止')).toBeTruthy();
    expect((screen.getByTestId('writing-output') as HTMLTextAreaElement).value).toBe('写到一半');
    expect(screen.queryByTestId('sandbox-tag')).toBeNull();
    expect(screen.getByRole('button', { name: '重新生成' })).toBeTruthy();
  });

  it('opens the buy-times dialog when the daily count is used up at the top tier', async () => {
    writeSession(SessionKey.writingTemplate, JSON.stringify(template));
    requestStream.mockRejectedValueOnce(
      new ApiError(810, '今日次数已用尽，明天再来试试吧~', {
        alias: 'AI_WRITING_COUNT_DAY',
        reason: 'exhausted',
        action: 'buyTimes',
        type: 9,
      }),
    );
    renderPage(<WritingPage />, { path: '/writing', url: '/writing', viewer: 'EVIP' });
    fireEvent.change(await screen.findByLabelText(/视频主题/), { target: { value: '露营' } });
    fireEvent.click(screen.getByRole('button', { name: '开始生成' }));
    await waitFor(() => expect(useDialogs.getState().open.buyTimes).toBe(true));
    expect(useDialogs.getState().payload.buyTimes).toMatchObject({ message: '今日次数已用尽，明天再来试试吧~' });
    expect(screen.getByRole('button', { name: '开始生成' })).toBeTruthy();
  });

  it('asks a visitor to log in before generating', async () => {
    writeSession(SessionKey.writingTemplate, JSON.stringify(template));
    renderPage(<WritingPage />, { path: '/writing', url: '/writing', viewer: 'visitor' });
    fireEvent.change(await screen.findByLabelText(/视频主题/), { target: { value: '露营' } });
    fireEvent.click(screen.getByRole('button', { name: '开始生成' }));
    expect(useDialogs.getState().open.login).toBe(true);
    expect(requestStream).not.toHaveBeenCalled();
  });

  it('/CueWordHistory lists saved works, reopens and deletes them', async () => {
    let list: WritingWorkList = {
      total: 1,
      list: [
        {
          id: 11,
          template_id: 3,
          template_title: '口播短视频脚本',
          title: '露营口播',
          excerpt: '露营的快乐',
          sandbox: true,
          created_at: '2026-11-24T08:00:00Z',
          updated_at: '2026-11-24T08:00:00Z',
        },
      ],
    };
    request.mockImplementation(async (path: string, options: { method?: string }) => {
      if (path === WritingPath.works) return list;
      if (path === WritingPath.workOf(11) && options.method === 'DELETE') {
        list = { total: 0, list: [] };
        return null;
      }
      throw new Error(`unexpected call ${path}`);
    });
    renderPage(<CueWordHistoryPage />, { path: '/CueWordHistory', url: '/CueWordHistory' });
    expect(await screen.findByText('露营的快乐')).toBeTruthy();
    // Saved at 08:00 UTC: 16:00 in Shanghai, whatever the browser's own zone.
    expect(screen.getByText(/2026-11-24 16:00/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '露营口播' }).getAttribute('href')).toBe('/writing?work=11');
    fireEvent.click(screen.getByRole('button', { name: /删除 露营口播/ }));
    fireEvent.click(await screen.findByRole('button', { name: /^删\s*除$/ }));
    expect(await screen.findByText('暂无数据')).toBeTruthy();
  });

  it('/CueWordHistory asks a visitor to log in', async () => {
    renderPage(<CueWordHistoryPage />, { path: '/CueWordHistory', url: '/CueWordHistory', viewer: 'visitor' });
    expect(await screen.findByText('登录后查看创作历史')).toBeTruthy();
    expect(request).not.toHaveBeenCalledWith(WritingPath.works, expect.anything());
  });
});
