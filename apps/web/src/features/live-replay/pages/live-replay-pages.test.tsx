import { LivePath, type LiveReplay, LiveReplayPath, type LiveReplaySummary } from '@dso/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { request, requestUpload } from '../../../components/testing/api-client-mock';
import { PAGE_TEST_TIMEOUT, renderPage } from '../../../components/testing/render-route';

vi.mock('../../../lib/api/client', () => import('../../../components/testing/api-client-mock'));

const { default: AiLiveReplayPage } = await import('./ai-live-replay-page');
const { default: AiLiveReplayHistoryPage } = await import('./ai-live-replay-history-page');
const { default: LiveReplayPage } = await import('./live-replay-page');

const session = (roomId: string, ended: boolean) => ({
  room_id: roomId,
  title: ended ? '露营好物专场' : '正在直播',
  cover: '',
  start_time: 1_795_000_000,
  end_time: ended ? 1_795_003_600 : null,
  watch_count: 1000,
  peak_online: 900,
  sales_amount: 100_000,
  online: 0,
  goods_count: 3,
  creator: { user_id: 'u1', nick_name: '露营老张', avatar_larger: '' },
  recent_online: [],
  is_demo: true,
});

const summary: LiveReplaySummary = {
  id: 7,
  source: 'session',
  room_id: '7311',
  title: '露营好物专场',
  status: 'running',
  stage: 'transcribing',
  progress: 30,
  error: null,
  duration: 0,
  sandbox: true,
  created_at: '2026-11-24T10:00:00.000Z',
  finished_at: null,
};

const done: LiveReplay = {
  ...summary,
  status: 'done',
  stage: 'done',
  progress: 100,
  duration: 3600,
  finished_at: '2026-11-24T10:01:00.000Z',
  curve: Array.from({ length: 60 }, (_, minute) => ({ minute, online: minute === 30 ? 900 : 300 })),
  transcript: [{ start: 0, end: 60, text: '欢迎来到直播间。' }],
  report: {
    overview: '「露营好物专场」共60分钟，讲解了2/3款商品',
    segments: [{ start: 0, end: 600, title: '开场预热', summary: '欢迎来到直播间。' }],
    mentions: [
      { title: '露营折叠椅', price: 9_990, count: 4, moments: [180, 600, 1200, 2400] },
      { title: '营地灯', price: 4_990, count: 0, moments: [] },
    ],
    peaks: [{ minute: 30, online: 900, rise: 600, said: '欢迎刚进直播间的宝宝们' }],
    keep: ['第30分钟在线涨到900人（+600），这段节奏值得保留'],
    change: ['「营地灯」整场没有讲到，建议安排一段完整讲解或下架'],
  },
};

beforeEach(() => {
  request.mockReset();
  requestUpload.mockReset();
});

describe('AI 直播复盘 pages', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('/AiLiveReplay offers ended sessions and opens the replay it starts', async () => {
    request.mockImplementation(async (path: string, options: { body?: { room_id: string } }) => {
      if (path === LivePath.list)
        return { live_count: 1, sessions: [session('7300', false), session('7311', true)], banded: true };
      if (path === LiveReplayPath.session) return { ...summary, status: 'queued', room_id: options.body!.room_id };
      if (path === LiveReplayPath.options)
        return { speech_sandbox: true, upload_max_bytes: 1, extensions: ['mp4'], max_duration_minutes: 360 };
      throw new Error(`unexpected call ${path}`);
    });
    renderPage(<AiLiveReplayPage />, { path: '/AiLiveReplay', url: '/AiLiveReplay' });
    const rows = await screen.findAllByTestId('replay-session');
    // Only the ended session can be reviewed.
    expect(rows).toHaveLength(1);
    expect(within(rows[0]!).getByText('露营好物专场')).toBeTruthy();
    fireEvent.click(within(rows[0]!).getByRole('button', { name: /复盘这场/ }));
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/liveReplay/7'));
    expect(request).toHaveBeenCalledWith(LiveReplayPath.session, { method: 'POST', body: { room_id: '7311' } });
  });

  it('/AiLiveReplay says the sandbox cannot hear an upload before one is chosen', async () => {
    request.mockImplementation(async (path: string) => {
      if (path === LivePath.list) return { live_count: 0, sessions: [], banded: true };
      if (path === LiveReplayPath.options)
        return { speech_sandbox: true, upload_max_bytes: 1, extensions: ['mp4', 'mp3'], max_duration_minutes: 360 };
      throw new Error(`unexpected call ${path}`);
    });
    renderPage(<AiLiveReplayPage />, { path: '/AiLiveReplay', url: '/AiLiveReplay' });
    fireEvent.click(await screen.findByRole('tab', { name: '上传直播录像' }));
    expect(await screen.findByText(/当前为沙箱语音识别，无法识别上传的录音/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /上传并复盘/ }).hasAttribute('disabled')).toBe(true);
  });

  it('/AiLiveReplay uploads a recording with its title and goods, showing the progress', async () => {
    request.mockImplementation(async (path: string) => {
      if (path === LivePath.list) return { live_count: 0, sessions: [], banded: true };
      if (path === LiveReplayPath.options) {
        return {
          speech_sandbox: false,
          upload_max_bytes: 1_000_000,
          extensions: ['mp3', 'mp4'],
          max_duration_minutes: 360,
        };
      }
      throw new Error(`unexpected call ${path}`);
    });
    let finish: (value: LiveReplaySummary) => void = () => {};
    requestUpload.mockImplementation(
      (_path: string, _form: FormData, options: { onProgress(percent: number): void }) =>
        new Promise((resolve) => {
          options.onProgress(40);
          finish = resolve;
        }),
    );
    const { container } = renderPage(<AiLiveReplayPage />, { path: '/AiLiveReplay', url: '/AiLiveReplay' });
    fireEvent.click(await screen.findByRole('tab', { name: '上传直播录像' }));
    const input = await waitFor(() => {
      const found = container.querySelector<HTMLInputElement>('input[type="file"]');
      if (!found) throw new Error('no file input yet');
      return found;
    });
    fireEvent.change(input, { target: { files: [new File(['ID3 audio'], 'live.mp3', { type: 'audio/mpeg' })] } });
    fireEvent.change(screen.getByLabelText('直播标题'), { target: { value: '周末露营场' } });
    fireEvent.change(screen.getByLabelText('直播商品'), { target: { value: '露营折叠椅，户外天幕' } });
    fireEvent.click(screen.getByRole('button', { name: /上传并复盘/ }));
    expect(await screen.findByText('40%')).toBeTruthy();
    const [path, form] = requestUpload.mock.calls[0]!;
    expect(path).toBe(LiveReplayPath.upload);
    expect([...(form as FormData).keys()]).toEqual(['title', 'goods', 'file']);
    expect((form as FormData).get('title')).toBe('周末露营场');
    expect(((form as FormData).get('file') as File).name).toBe('live.mp3');
    finish({ ...summary, id: 9, source: 'upload', status: 'queued' });
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/liveReplay/9'));
  });

  it('/liveReplay/{id} shows the progress while running, then the report', async () => {
    let current: LiveReplay = { ...done, ...summary, report: null, curve: [], transcript: [] };
    request.mockImplementation(async (path: string) => {
      if (path === LiveReplayPath.detail) return current;
      throw new Error(`unexpected call ${path}`);
    });
    renderPage(<LiveReplayPage />, { path: '/liveReplay/:liveId', url: '/liveReplay/7' });
    const progress = await screen.findByTestId('replay-progress');
    expect(within(progress).getByText('语音转写中')).toBeTruthy();
    current = done;
    const report = await screen.findByTestId('replay-report', {}, { timeout: 5_000 });
    expect(within(report).getByText(/共60分钟/)).toBeTruthy();
    expect(within(report).getByText('开场预热')).toBeTruthy();
    expect(within(report).getByText('未提及')).toBeTruthy();
    expect(within(report).getByText('0:03:00、0:10:00、0:20:00、0:40:00')).toBeTruthy();
    expect(within(screen.getByTestId('replay-keep')).getByText(/第30分钟在线涨到900人/)).toBeTruthy();
    expect(within(report).getByText('第30分钟')).toBeTruthy();
    expect(screen.getByText('沙箱示例输出')).toBeTruthy();
  });

  it('/liveReplay/{id} shows why a replay failed', async () => {
    request.mockResolvedValue({ ...done, status: 'failed', report: null, error: 'AI 服务暂时不可用，请稍后重试' });
    renderPage(<LiveReplayPage />, { path: '/liveReplay/:liveId', url: '/liveReplay/7' });
    expect(await screen.findByText('复盘失败，未扣除次数')).toBeTruthy();
    expect(screen.getByText('AI 服务暂时不可用，请稍后重试')).toBeTruthy();
  });

  it('/AiLiveReplayHistory lists replays with their state', async () => {
    request.mockImplementation(async (path: string) => {
      if (path === LiveReplayPath.list)
        return {
          total_record: 2,
          result: [summary, { ...summary, id: 6, status: 'done', stage: 'done', progress: 100, duration: 3600 }],
        };
      throw new Error(`unexpected call ${path}`);
    });
    renderPage(<AiLiveReplayHistoryPage />, { path: '/AiLiveReplayHistory', url: '/AiLiveReplayHistory' });
    const items = await screen.findAllByTestId('replay-history-item');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('语音转写中')).toBeTruthy();
    expect(within(items[1]!).getByText('已完成')).toBeTruthy();
    expect(within(items[1]!).getByText(/时长 1:00:00/)).toBeTruthy();
  });
});
