import { Code, type MonitorUploadResult } from '@dso/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { openedDialogs, renderWidget } from '../../../components/testing/render-widget';
import { spyOnToast } from '../../../components/testing/toast-spy';
import { ApiError, NETWORK_FAILURE } from '../../../lib/api/errors';

const upload = vi.fn();
vi.mock('../api/monitoring-api', () => ({
  uploadKeywordFile: (...args: unknown[]) => upload(...args),
}));

const { KeywordUploadDialog } = await import('./keyword-upload-dialog');

const workbook = (name: string, size = 2048) => new File([new Uint8Array(size)], name);
const result: MonitorUploadResult = {
  keywords: 6,
  added: 4,
  existing: 1,
  over_quota: 1,
  invalid: 0,
  use: { per_val: 5, use_val: 5 },
};

function open(remaining = 5) {
  const onAdded = vi.fn();
  renderWidget(<KeywordUploadDialog open remaining={remaining} onClose={() => {}} onAdded={onAdded} />, {
    viewer: 'VIP',
  });
  return { onAdded, input: screen.getByTestId('upload-input') as HTMLInputElement };
}
const pick = (input: HTMLInputElement, files: File[]) => fireEvent.change(input, { target: { files } });
const confirm = () => screen.getByRole('button', { name: /确\s*定/ });

/** Generous: antd tables and dialogs render slowly on the shared two-core machine. */
const TIMEOUT = 30_000;

describe('the keyword upload dialog', { timeout: TIMEOUT }, () => {
  const toast = spyOnToast();

  beforeEach(() => {
    upload.mockReset();
  });

  it('refuses three files at once, a third file, large files and other formats with the spec messages', () => {
    const { input } = open();
    pick(input, [workbook('a.xlsx'), workbook('b.xlsx'), workbook('c.xlsx')]);
    expect(toast).toHaveBeenLastCalledWith('一次最多上传两个文件', 'warning');
    pick(input, [workbook('big.xlsx', 20 * 1024 * 1024)]);
    expect(toast).toHaveBeenLastCalledWith('上传文件大小不能超过 20MB!', 'warning');
    pick(input, [workbook('a.xlsx'), workbook('b.xls')]);
    expect(screen.getAllByTestId('upload-file')).toHaveLength(2);
    pick(input, [workbook('c.xlsx')]);
    expect(toast).toHaveBeenLastCalledWith('最多只能上传两个文件,请先删除', 'warning');
    expect(screen.getAllByTestId('upload-file')).toHaveLength(2);
    expect(screen.getAllByText('2kb')).toHaveLength(2);
  });

  it('uploads the pending files with their percent and shows 添加成功 with what was left out', async () => {
    upload.mockImplementation(async (_file: File, onProgress: (percent: number) => void) => {
      onProgress(40);
      return result;
    });
    const { input, onAdded } = open();
    pick(input, [workbook('keywords.xlsx')]);
    const item = screen.getByTestId('upload-file');
    expect(item.dataset.status).toBe('-1');
    expect(within(item).getByText('待上传')).toBeTruthy();
    fireEvent.click(confirm());
    await waitFor(() => expect(item.dataset.status).toBe('2'));
    expect(within(item).getByText('添加成功')).toBeTruthy();
    expect(within(item).getByText('新增4个，已在监控1个，超出额度未添加1个')).toBeTruthy();
    expect(onAdded).toHaveBeenCalledWith(result);
    fireEvent.click(within(item).getByRole('button', { name: /删除/ }));
    expect(screen.queryByTestId('upload-file')).toBeNull();
  });

  it('marks a lost upload 上传失败！ and a refused one 添加失败！, each with a retry', async () => {
    upload.mockRejectedValueOnce(new ApiError(NETWORK_FAILURE, '网络出错啦，刷新试试吧'));
    upload.mockRejectedValueOnce(new ApiError(Code.TOAST, '文件中没有可添加的关键词'));
    const { input } = open();
    pick(input, [workbook('a.xlsx'), workbook('b.xlsx')]);
    fireEvent.click(confirm());
    const [first, second] = screen.getAllByTestId('upload-file');
    await waitFor(() => expect(second!.dataset.status).toBe('4'));
    expect(first!.dataset.status).toBe('3');
    expect(within(first!).getByText('上传失败！')).toBeTruthy();
    expect(within(second!).getByText('添加失败！')).toBeTruthy();
    expect(within(second!).getByText('文件中没有可添加的关键词')).toBeTruthy();
    upload.mockResolvedValueOnce(result);
    fireEvent.click(within(first!).getByRole('button', { name: /重试/ }));
    await waitFor(() => expect(first!.dataset.status).toBe('2'));
  });

  it('opens the no-permission dialog on a 403', async () => {
    upload.mockRejectedValueOnce(new ApiError(Code.FORBIDDEN, '权限不足，升级会员版本可查看更多数据~'));
    const { input } = open();
    pick(input, [workbook('a.xlsx')]);
    fireEvent.click(confirm());
    await waitFor(() => expect(openedDialogs().open.noPermission).toBe(true));
    expect(screen.getByTestId('upload-file').dataset.status).toBe('4');
  });

  it('keeps confirm disabled with no quota left', () => {
    const { input } = open(0);
    pick(input, [workbook('a.xlsx')]);
    expect(confirm()).toHaveProperty('disabled', true);
    expect(screen.getByTestId('upload-remaining').textContent).toMatch(/^监控额度已用完，无法继续添加/);
    fireEvent.click(screen.getByRole('button', { name: /增加额度/ }));
    // A VIP is offered the next tier; the packs of this quota are sold from EVIP on.
    expect(openedDialogs().open.pay).toBe(true);
  });
});
