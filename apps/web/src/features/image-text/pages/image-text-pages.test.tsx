import { ImageTextPath, type ImageTextWork } from '@dso/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { request, requestFile, requestStream, requestUpload } from '../../../components/testing/api-client-mock';
import { PAGE_TEST_TIMEOUT, renderPage } from '../../../components/testing/render-route';
import type { StreamEvent } from '../../../lib/api/client';
import { useDialogs } from '../../../stores/dialogs';

vi.mock('../../../lib/api/client', () => import('../../../components/testing/api-client-mock'));
const toast = vi.fn();
vi.mock('../../../lib/feedback', () => ({ toast: (...args: unknown[]) => toast(...args) }));

const { imageTextKeys } = await import('../api/image-text-api');
const { default: KeywordImgPage } = await import('./keyword-img-page');
const { default: KeywordImgDetailsPage } = await import('./keyword-img-details-page');
const { default: KeywordImgHistoryPage } = await import('./keyword-img-history-page');

type Emit = (event: StreamEvent) => void;

const work = (overrides: Partial<ImageTextWork> = {}): ImageTextWork => ({
  id: 9,
  source: 'single',
  batch_id: null,
  keyword: '露营装备',
  title: '露营装备怎么选',
  cover: '1.png',
  image_count: 3,
  images_total: 3,
  status: 'done',
  error: null,
  sandbox: true,
  created_at: '2026-11-24T10:00:00.000Z',
  body: '正文',
  points: ['帐篷', '睡袋'],
  images: ['1.png', '2.png', '3.png'],
  updated_at: '2026-11-24T10:00:00.000Z',
  ...overrides,
});

/** The permission-use answer: `left` units of 10. */
const use = (left: number) => ({ per_val: 10, use_val: 10 - left });

beforeAll(() => {
  URL.createObjectURL = vi.fn(() => 'blob:picture');
  URL.revokeObjectURL = vi.fn();
});
beforeEach(() => {
  request.mockReset();
  requestStream.mockReset();
  requestFile.mockReset();
  requestUpload.mockReset();
  toast.mockReset();
  requestFile.mockResolvedValue({ blob: new Blob(['png']), filename: null });
});

describe('AI 图文 pages', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('streams the note for the keyword of the address, then shows the pictures as they are drawn', async () => {
    let drawn = 1;
    request.mockImplementation(async (path: string) => {
      if (path === ImageTextPath.work) {
        const done = drawn >= 3;
        const row = work({ status: done ? 'done' : 'drawing', images: ['1.png', '2.png', '3.png'].slice(0, drawn) });
        drawn++;
        return { ...row, image_count: row.images.length };
      }
      return use(5);
    });
    requestStream.mockImplementationOnce(async (_path: string, _options: unknown, emit: Emit) => {
      emit({
        event: 'start',
        data: { sandbox: true, work_id: 9, sources: [{ aweme_id: '1', title: '露营装备避坑，这三样别买' }] },
      });
      emit({ event: 'delta', data: { text: '# 露营装备怎么选\n' } });
      emit({ event: 'delta', data: { text: '1. 帐篷' } });
      emit({ event: 'done', data: { sandbox: true } });
    });
    renderPage(<KeywordImgPage />, { path: '/keywordImg', url: '/keywordImg?keyword=露营装备' });
    expect(((await screen.findByLabelText('关键词')) as HTMLInputElement).value).toBe('露营装备');
    fireEvent.click(screen.getByRole('button', { name: '生成图文' }));
    await waitFor(() => expect(screen.getByTestId('image-text-note').textContent).toBe('# 露营装备怎么选\n1. 帐篷'));
    expect(requestStream.mock.calls[0]![0]).toBe(ImageTextPath.generate);
    expect(requestStream.mock.calls[0]![1]).toMatchObject({ method: 'POST', body: { keyword: '露营装备' } });
    expect(screen.getByTestId('sandbox-tag')).toBeTruthy();
    expect(within(screen.getByTestId('image-text-sources')).getByText('露营装备避坑，这三样别买')).toBeTruthy();
    expect((await screen.findByTestId('work-drawing')).textContent).toContain('图片生成中');
    await waitFor(() => expect(screen.getAllByTestId('work-image')).toHaveLength(3), { timeout: 8000 });
    expect(screen.getByRole('link', { name: /查看与编辑/ }).getAttribute('href')).toBe('/keywordImgDetails?id=9');
  });

  it('warns about an empty keyword and asks a visitor to log in instead of generating', async () => {
    request.mockResolvedValue(use(5));
    const first = renderPage(<KeywordImgPage />, { path: '/keywordImg', url: '/keywordImg' });
    fireEvent.click(await screen.findByRole('button', { name: '生成图文' }));
    expect(toast).toHaveBeenCalledWith('请输入关键词', 'warning');
    first.unmount();
    renderPage(<KeywordImgPage />, { path: '/keywordImg', url: '/keywordImg?keyword=露营装备', viewer: 'visitor' });
    fireEvent.click(await screen.findByRole('button', { name: '生成图文' }));
    expect(useDialogs.getState().open.login).toBe(true);
    expect(requestStream).not.toHaveBeenCalled();
  });

  it('edits a work: moves a picture forward, removes one and saves title, body and the new order', async () => {
    request.mockImplementation(async (path: string, options: { body?: Record<string, unknown> }) => {
      if (path === ImageTextPath.work) return work();
      if (path === ImageTextPath.update) return work({ ...(options.body as Partial<ImageTextWork>) });
      return use(5);
    });
    renderPage(<KeywordImgDetailsPage />, { path: '/keywordImgDetails', url: '/keywordImgDetails?id=9' });
    const title = (await screen.findByLabelText(/标题/)) as HTMLInputElement;
    expect(title.value).toBe('露营装备怎么选');
    fireEvent.change(title, { target: { value: '我的露营清单' } });
    fireEvent.click(screen.getByRole('button', { name: '第2张前移' }));
    fireEvent.click(screen.getByRole('button', { name: '删除第3张' }));
    const names = screen.getAllByTestId('editor-image').map((tile) => tile.getAttribute('data-name'));
    expect(names).toEqual(['2.png', '1.png']);
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('保存成功', 'success'));
    const update = request.mock.calls.find(([path]) => path === ImageTextPath.update)!;
    expect(update[1]).toMatchObject({
      method: 'POST',
      body: { id: 9, title: '我的露营清单', body: '正文', images: ['2.png', '1.png'] },
    });

    // Saved: the work downloads as one zip.
    fireEvent.click(await screen.findByRole('button', { name: /下载作品/ }));
    await waitFor(() => expect(requestFile).toHaveBeenCalledWith(ImageTextPath.download, { query: { id: 9 } }));
  });

  it('keeps the edits when the work is answered again with a later change time', async () => {
    request.mockImplementation(async (path: string) => (path === ImageTextPath.work ? work() : use(5)));
    const { client } = renderPage(<KeywordImgDetailsPage />, {
      path: '/keywordImgDetails',
      url: '/keywordImgDetails?id=9',
    });
    await screen.findByLabelText(/标题/);
    fireEvent.click(screen.getByRole('button', { name: '删除第3张' }));
    expect(screen.getAllByTestId('editor-image')).toHaveLength(2);
    // A refetch brings the work's last write, made after the page first had it (the generation settling).
    await act(async () => {
      client.setQueryData(imageTextKeys.work(9), work({ updated_at: '2026-11-24T10:05:00.000Z' }));
      // The query cache tells its observers on the next macrotask.
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.getAllByTestId('editor-image')).toHaveLength(2);
  });

  // The dialog's two zooms and the list take a while in jsdom on a loaded machine.
  it('lists works by tab and uploads a works zip, asking to add only the first N when the quota is short', {
    timeout: 45_000,
  }, async () => {
    const left = 2;
    request.mockImplementation(async (path: string) => {
      if (path === ImageTextPath.works) return { total_record: 1, result: [work({ source: 'upload' })] };
      if (path === ImageTextPath.templateStep) return { added: 2, skipped: 1 };
      return use(left);
    });
    requestUpload.mockImplementation(
      async (_path: string, _form: FormData, options: { onProgress(p: number): void }) => {
        options.onProgress(50);
        return 'abc123_3';
      },
    );
    renderPage(<KeywordImgHistoryPage />, { path: '/keywordImgHistory/:tabVal?', url: '/keywordImgHistory/upload' });
    expect(await screen.findByText('露营装备怎么选', { selector: 'a' })).toBeTruthy();
    expect(request.mock.calls.find(([path]) => path === ImageTextPath.works)![1]).toMatchObject({
      query: { source: 'upload' },
    });

    fireEvent.click(screen.getByRole('button', { name: /上传作品/ }));
    const input = (await screen.findByTestId('works-upload-input')) as HTMLInputElement;
    const zip = (name: string) => new File(['zip'], name, { type: 'application/zip' });
    fireEvent.change(input, { target: { files: [zip('a.zip'), zip('b.zip'), zip('c.zip')] } });
    expect(toast).toHaveBeenCalledWith('一次最多上传两个文件', 'warning');
    fireEvent.change(input, { target: { files: [zip('works.rar')] } });
    expect(toast).toHaveBeenCalledWith('只能上传 .zip 或 .tar 格式的文件', 'warning');
    fireEvent.change(input, { target: { files: [zip('works.zip')] } });
    expect(await screen.findByText('works.zip')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('解析成功！共3个图文作品')).toBeTruthy();
    expect(await screen.findByTestId('quota-first-n')).toHaveProperty(
      'textContent',
      '当前剩余额度不足，是否上传前2个作品？',
    );
    const ask = screen.getByTestId('quota-first-n').closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(ask).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(request.mock.calls.find(([path]) => path === ImageTextPath.templateStep)?.[1]).toMatchObject({
        method: 'POST',
        body: { idFlag: 'abc123_3' },
      }),
    );
    await waitFor(() => expect(toast).toHaveBeenCalledWith('已添加2个图文作品', 'success'));

    // Every file is in: the dialog closes.
    await waitFor(() => expect(screen.queryByText('works.zip')).toBeNull());
  });

  it("dates each work in Shanghai time, whatever the browser's zone", async () => {
    request.mockImplementation(async (path: string) => {
      if (path === ImageTextPath.works) {
        return { total_record: 1, result: [work({ created_at: '2026-11-24T17:30:00.000Z' })] };
      }
      return use(5);
    });
    renderPage(<KeywordImgHistoryPage />, { path: '/keywordImgHistory/:tabVal?', url: '/keywordImgHistory/upload' });
    expect(await screen.findByText(/3 张图 · 2026-11-25 01:30/)).toBeTruthy();
  });

  it('refuses the upload with 当前剩余额度不足 before sending anything when no unit is left', async () => {
    request.mockImplementation(async (path: string) => {
      if (path === ImageTextPath.works) return { total_record: 0, result: [] };
      return use(0);
    });
    renderPage(<KeywordImgHistoryPage />, { path: '/keywordImgHistory/:tabVal?', url: '/keywordImgHistory/upload' });
    fireEvent.click(await screen.findByRole('button', { name: /上传作品/ }));
    const zip = new File(['zip'], 'more.zip', { type: 'application/zip' });
    fireEvent.change(await screen.findByTestId('works-upload-input'), { target: { files: [zip] } });
    await screen.findByText('more.zip');
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('当前剩余额度不足', 'warning'));
    expect(requestUpload).not.toHaveBeenCalled();
  });
});
