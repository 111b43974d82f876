import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../testing/render-widget';
import { sizeInKb, UploadFileList, type UploadFileListItem } from './upload-file-list';

const item = (overrides: Partial<UploadFileListItem>): UploadFileListItem => ({
  uid: 1,
  name: 'works.zip',
  size: 2048,
  status: -1,
  percent: 0,
  label: '待上传',
  ...overrides,
});

describe('UploadFileList', () => {
  it('shows each file with its name, size in kb, status and bar', () => {
    renderWidget(
      <UploadFileList
        items={[item({ status: 2, percent: 100, label: '解析成功！共3个图文作品' })]}
        icon={null}
        busy={false}
        onRetry={() => {}}
        onDelete={() => {}}
      />,
    );
    expect(screen.getByText('works.zip')).toBeTruthy();
    expect(screen.getByText('2kb')).toBeTruthy();
    expect(screen.getByText('解析成功！共3个图文作品')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /重试/ })).toBeNull();
    expect(sizeInKb(10)).toBe('1kb');
  });

  it('offers retry for failed files and delete for all but the one uploading', () => {
    const onRetry = vi.fn();
    const onDelete = vi.fn();
    renderWidget(
      <UploadFileList
        items={[
          item({ uid: 1, status: 4, label: '解析失败！', note: '文件已损坏或格式不正确' }),
          item({ uid: 2, name: 'b.zip', status: 1, label: '上传中' }),
        ]}
        icon={null}
        busy={false}
        onRetry={onRetry}
        onDelete={onDelete}
      />,
    );
    expect(screen.getByText('文件已损坏或格式不正确')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /重试/ }));
    expect(onRetry).toHaveBeenCalledWith(1);
    const deletes = screen.getAllByRole('button', { name: /删除/ });
    expect(deletes).toHaveLength(1);
    fireEvent.click(deletes[0]!);
    expect(onDelete).toHaveBeenCalledWith(1);
  });
});
