import { Code, type Extraction, ExtractionPath, type ExtractionSummary, PermissionPath } from '@dso/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api/errors';
import { useDialogs } from '../../../stores/dialogs';
import { renderVideo } from '../../videos/testing';

const request = vi.fn();
const toast = vi.fn();
vi.mock('../../../lib/api/client', () => ({ request: (...args: unknown[]) => request(...args) }));
vi.mock('../../../lib/feedback', () => ({ toast: (...args: unknown[]) => toast(...args) }));

const { default: DouyinVideoOcrPage } = await import('./douyin-video-ocr-page');
const TIMEOUT = 30_000;
const SHARE = 'https://v.douyin.com/abc123/';

const extraction = (overrides: Partial<Extraction> = {}): Extraction => ({
  id: 1,
  aweme_id: '7300000000000000001',
  video_desc: '周末露营好物分享',
  share_url: SHARE,
  duration: 30_000,
  batch_id: null,
  status: 'done',
  excerpt: '大家好。今天聊露营。',
  error: null,
  created_at: '2026-11-24T08:00:00.000Z',
  finished_at: '2026-11-24T08:00:01.000Z',
  text: '大家好。今天聊露营。',
  segments: [
    { start: 0, end: 10, text: '大家好。' },
    { start: 65, end: 30, text: '今天聊露营。' },
  ],
  ...overrides,
});

function serve(options: { history?: ExtractionSummary[]; extract?: () => unknown } = {}) {
  let left = 5;
  const history = [...(options.history ?? [])];
  request.mockImplementation(async (path: string, call: { body?: { link?: string; id?: number } } = {}) => {
    if (path === PermissionPath.use) return { per_val: 30, use_val: 30 - left };
    if (path === ExtractionPath.list) return { total_record: history.length, result: history };
    if (path === ExtractionPath.extract) {
      const result = options.extract ? options.extract() : extraction({ share_url: call.body!.link! });
      left--;
      history.unshift(result as Extraction);
      return result;
    }
    if (path === ExtractionPath.detail) return extraction({ text: '历史里的文案。', segments: [] });
    if (path === ExtractionPath.remove) {
      history.splice(
        history.findIndex((row) => row.id === call.body!.id),
        1,
      );
      return null;
    }
    throw new Error(`unexpected call ${path}`);
  });
}

describe('/DouyinVideoOcr', () => {
  beforeEach(() => {
    request.mockReset();
    toast.mockReset();
  });

  it(
    'extracts the link the copy-extraction button opened it with, shows the transcript to copy and counts down',
    async () => {
      serve();
      const writeText = vi.fn().mockResolvedValue(undefined);
      Object.assign(navigator, { clipboard: { writeText } });
      renderVideo(<DouyinVideoOcrPage />, { url: `/DouyinVideoOcr?keyword=${encodeURIComponent(SHARE)}&type=Extract` });
      expect(screen.getByRole('textbox', { name: '视频链接' })).toHaveProperty('value', SHARE);
      await waitFor(() => expect(screen.getByTestId('extraction-remaining').textContent).toBe('5'));
      fireEvent.click(screen.getByRole('button', { name: '提取文案' }));
      const result = await screen.findByTestId('extraction-result');
      expect(within(result).getByTestId('extraction-text').textContent).toBe('大家好。今天聊露营。');
      expect(within(result).getByText('1:05')).toBeTruthy();
      expect(request).toHaveBeenCalledWith(ExtractionPath.extract, { method: 'POST', body: { link: SHARE } });
      await waitFor(() => expect(screen.getByTestId('extraction-remaining').textContent).toBe('4'));
      expect(await screen.findAllByTestId('extraction-history-item')).toHaveLength(1);
      fireEvent.click(within(result).getByRole('button', { name: '复制文案' }));
      await waitFor(() => expect(writeText).toHaveBeenCalledWith('大家好。今天聊露营。'));
      expect(toast).toHaveBeenCalledWith('复制成功', 'success');
    },
    TIMEOUT,
  );

  it(
    'reads the share link kept in the session, and warns on an empty link',
    async () => {
      serve();
      sessionStorage.setItem('copy_keyword', 'https://v.douyin.com/kept/');
      renderVideo(<DouyinVideoOcrPage />, { url: '/DouyinVideoOcr' });
      const input = screen.getByRole('textbox', { name: '视频链接' });
      expect(input).toHaveProperty('value', 'https://v.douyin.com/kept/');
      fireEvent.change(input, { target: { value: '  ' } });
      fireEvent.click(screen.getByRole('button', { name: '提取文案' }));
      expect(toast).toHaveBeenCalledWith('请输入抖音视频链接', 'warning');
    },
    TIMEOUT,
  );

  it(
    'opens the upgrade or buy-times prompt when the count is used up, and 充值 opens buy-times type 9',
    async () => {
      serve({
        extract: () => {
          throw new ApiError(Code.NEEDS_UPGRADE, '今日次数已用完', {
            alias: 'AI_WRITING_BATCH_EXTRACTION',
            reason: 'exhausted',
            action: 'buyTimes',
            grade: 'EVIP',
            type: 9,
          });
        },
      });
      renderVideo(<DouyinVideoOcrPage />, { url: `/DouyinVideoOcr?keyword=${SHARE}` });
      fireEvent.click(screen.getByRole('button', { name: '提取文案' }));
      await waitFor(() => expect(useDialogs.getState().open.buyTimes).toBe(true));
      expect(useDialogs.getState().payload.buyTimes).toMatchObject({ type: 9 });
      useDialogs.getState().closeDialog?.('buyTimes');
      await waitFor(() => expect(screen.getByTestId('extraction-remaining').textContent).toBe('5'));
      fireEvent.click(screen.getByRole('button', { name: '充值' }));
      expect(useDialogs.getState().payload.buyTimes).toMatchObject({ type: 9 });
    },
    TIMEOUT,
  );

  it(
    'lists the history with batch items and failures, opens one and deletes one',
    async () => {
      serve({
        history: [
          extraction({ id: 3, batch_id: 'b1', status: 'pending', text: null, excerpt: '', video_desc: '等待中的作品' }),
          extraction({
            id: 2,
            batch_id: 'b1',
            status: 'failed',
            error: '视频时长超过20分钟，暂不支持提取',
            video_desc: '长视频',
          }),
          extraction({ id: 1, video_desc: '已提取的作品' }),
        ],
      });
      renderVideo(<DouyinVideoOcrPage />, { url: '/DouyinVideoOcr' });
      const items = await screen.findAllByTestId('extraction-history-item');
      expect(items).toHaveLength(3);
      expect(within(items[0]!).getByText('提取中')).toBeTruthy();
      expect(within(items[1]!).getByText(/视频时长超过20分钟，暂不支持提取/)).toBeTruthy();
      fireEvent.click(within(items[2]!).getByRole('button', { name: '查看' }));
      expect((await screen.findByTestId('extraction-text')).textContent).toBe('历史里的文案。');
      fireEvent.click(within(items[2]!).getByRole('button', { name: '删除' }));
      fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
      await waitFor(() => expect(screen.getAllByTestId('extraction-history-item')).toHaveLength(2));
      expect(request).toHaveBeenCalledWith(ExtractionPath.remove, { method: 'POST', body: { id: 1 } });
    },
    TIMEOUT,
  );

  it(
    'asks a visitor to log in instead of extracting',
    async () => {
      serve();
      renderVideo(<DouyinVideoOcrPage />, { viewer: 'visitor', url: `/DouyinVideoOcr?keyword=${SHARE}` });
      expect(screen.getByText('登录后查看提取历史')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: '提取文案' }));
      expect(useDialogs.getState().open.login).toBe(true);
      expect(request.mock.calls.some(([path]) => path === ExtractionPath.extract)).toBe(false);
    },
    TIMEOUT,
  );
});
