import { Code } from '@dso/contract';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyFailure } from '../../../lib/api/response-handler';
import { usePreparing } from '../../../stores/preparing';
import { PREPARING_POLL_MS, PreparingNotice, preparingActions } from './preparing-notice';

const preparingAnswer = (percent: number, msg: string) => ({
  code: Code.SERVER_BUSY,
  msg,
  data: {
    preparing: {
      percent,
      steps: [
        { name: '关键词库', state: 'done', detail: '' },
        { name: '视频库', state: 'running', detail: `${percent}%` },
      ],
    },
  },
});

describe('PreparingNotice', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    usePreparing.setState(usePreparing.getInitialState());
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows the server’s sentence and progress, follows it, and reloads at the first real answer', async () => {
    const reload = vi.spyOn(preparingActions, 'reload').mockImplementation(() => undefined);
    const answers = [
      preparingAnswer(80, '首次启动，正在准备演示数据（关键词库已完成，视频库准备中…），请稍候'),
      { code: Code.OK, msg: 'success', data: { time: 1 } },
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(answers.shift()), { status: 200 })),
    );
    render(<PreparingNotice />);
    expect(screen.queryByTestId('preparing-notice')).toBeNull();

    act(() =>
      applyFailure(preparingAnswer(40, '首次启动，正在准备演示数据（关键词库准备中…），请稍候'), { silent: true }),
    );
    expect(screen.getByText('首次启动，正在准备演示数据（关键词库准备中…），请稍候')).toBeTruthy();
    expect(screen.getByText('40%')).toBeTruthy();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(PREPARING_POLL_MS);
    });
    expect(screen.getByText('首次启动，正在准备演示数据（关键词库已完成，视频库准备中…），请稍候')).toBeTruthy();
    expect(screen.getByText('准备中（80%）')).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(PREPARING_POLL_MS);
    });
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
