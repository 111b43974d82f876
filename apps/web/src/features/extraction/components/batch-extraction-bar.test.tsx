import { EXTRACTION_ID_SEPARATOR, ExtractionPath, PermissionPath } from '@dso/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useDialogs } from '../../../stores/dialogs';
import { useSession } from '../../../stores/session';
import { renderVideo, videoRow } from '../../videos/testing';

const request = vi.fn();
const toast = vi.fn();
vi.mock('../../../lib/api/client', () => ({ request: (...args: unknown[]) => request(...args) }));
vi.mock('../../../lib/feedback', () => ({ toast: (...args: unknown[]) => toast(...args) }));

const { VideoGrid } = await import('../../videos');
const { BatchExtractionBar } = await import('./batch-extraction-bar');
const { useExtractionSelection } = await import('./use-extraction-selection');
const TIMEOUT = 30_000;

const rows = Array.from({ length: 4 }, (_, i) =>
  videoRow({ video_id: `73000000000000002${i}`, video_desc: `作品${i}` }),
);

function SelectableList() {
  const selection = useExtractionSelection();
  return (
    <>
      <BatchExtractionBar selection={selection} videos={rows} />
      <VideoGrid videos={rows} selection={selection} />
    </>
  );
}

/** The server: `left` extractions remain; a batch takes its size from them. */
function serve(left: { value: number }) {
  request.mockImplementation(async (path: string, options: { body?: unknown } = {}) => {
    if (path === PermissionPath.use) return { per_val: 30, use_val: 30 - left.value };
    if (path === ExtractionPath.batch) {
      const ids = String((options.body as FormData).get('aweme_ids')).split(EXTRACTION_ID_SEPARATOR);
      left.value -= ids.length;
      return { batch_id: 'b1', count: ids.length };
    }
    // The batch's progress: its items are answered at once here.
    if (path === ExtractionPath.list) return { total_record: 0, result: [] };
    throw new Error(`unexpected call ${path}`);
  });
}

const pick = (i: number) => fireEvent.click(screen.getByRole('checkbox', { name: `选择：作品${i}` }));
const remaining = () => screen.getByTestId('extraction-remaining').textContent;

describe('the batch extraction bar', () => {
  beforeEach(() => {
    request.mockReset();
    toast.mockReset();
  });

  it(
    'shows the estimate and the remaining count, submits the selection as a form, then clears it and counts down',
    async () => {
      const left = { value: 10 };
      serve(left);
      renderVideo(<SelectableList />);
      await waitFor(() => expect(remaining()).toBe('10'));
      pick(0);
      pick(2);
      expect(screen.getByTestId('extraction-estimate').textContent).toBe('2');
      fireEvent.click(screen.getByRole('button', { name: '批量提取文案' }));
      await waitFor(() => expect(remaining()).toBe('8'));
      const [, options] = request.mock.calls.find(([path]) => path === ExtractionPath.batch)!;
      const form = options.body as FormData;
      expect(form.get('aweme_ids')).toBe(`${rows[0]!.video_id},${rows[2]!.video_id}`);
      expect(form.get('flag')).toBe('1');
      expect(toast).toHaveBeenCalledWith('文案正在提取中，请稍后到提取历史中查看', 'warning', 3000);
      expect(screen.getByTestId('extraction-selected').textContent).toBe('0');
    },
    TIMEOUT,
  );

  it(
    'says 至少选择一条数据 for an empty selection and calls nothing',
    async () => {
      serve({ value: 10 });
      renderVideo(<SelectableList />);
      await waitFor(() => expect(remaining()).toBe('10'));
      fireEvent.click(screen.getByRole('button', { name: '批量提取文案' }));
      expect(toast).toHaveBeenCalledWith('至少选择一条数据', 'warning');
      expect(request.mock.calls.some(([path]) => path === ExtractionPath.batch)).toBe(false);
    },
    TIMEOUT,
  );

  it(
    'cuts a selection back to the remaining count and opens the recharge prompt (buy-times type 9 at EVIP)',
    async () => {
      serve({ value: 2 });
      renderVideo(<SelectableList />);
      useSession.setState({ userInfo: { ...useSession.getState().userInfo!, grade: 'EVIP' } });
      await waitFor(() => expect(remaining()).toBe('2'));
      fireEvent.click(screen.getByRole('checkbox', { name: '全选' }));
      expect(screen.getByTestId('extraction-selected').textContent).toBe('2');
      expect(useDialogs.getState().open.buyTimes).toBe(true);
      expect(useDialogs.getState().payload.buyTimes).toMatchObject({ type: 9 });
    },
    TIMEOUT,
  );

  it(
    'opens the recharge dialog (type 9) from 充值, and the login dialog for a visitor picking a work',
    async () => {
      serve({ value: 5 });
      const view = renderVideo(<SelectableList />);
      await waitFor(() => expect(remaining()).toBe('5'));
      fireEvent.click(screen.getByRole('button', { name: '充值' }));
      expect(useDialogs.getState().payload.buyTimes).toMatchObject({ type: 9 });
      view.unmount();

      renderVideo(<SelectableList />, { viewer: 'visitor' });
      pick(1);
      expect(useDialogs.getState().open.login).toBe(true);
      expect(screen.getByTestId('extraction-selected').textContent).toBe('0');
    },
    TIMEOUT,
  );
});

describe('the selection limit', () => {
  it('warns 最多只能批量提取100个视频 for 2 s past 100 and cuts the selection back', async () => {
    const { limitSelection } = await import('./use-extraction-selection');
    toast.mockReset();
    const ids = Array.from({ length: 120 }, (_, i) => String(i));
    expect(limitSelection(ids, 500)).toHaveLength(100);
    expect(toast).toHaveBeenCalledWith('最多只能批量提取100个视频', 'warning', 2000);
    expect(limitSelection(ids.slice(0, 3), null)).toHaveLength(3);
  });
});
