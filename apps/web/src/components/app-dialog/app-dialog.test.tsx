import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../testing/render-widget';
import { AppDialog } from './app-dialog';

// antd spaces two-character Chinese button labels: 确定 renders as 确 定.
const confirmButton = () => screen.getByRole('button', { name: /确\s?定/ });
const cancelButton = () => screen.queryByRole('button', { name: /取\s?消/ });

describe('AppDialog', () => {
  it('shows the title, the content and the 确定 and 取消 buttons when open', () => {
    renderWidget(
      <AppDialog open title="删除关键词">
        确认删除该关键词吗？
      </AppDialog>,
    );
    expect(screen.getByText('删除关键词')).toBeTruthy();
    expect(screen.getByText('确认删除该关键词吗？')).toBeTruthy();
    expect(confirmButton()).toBeTruthy();
    expect(cancelButton()).toBeTruthy();
  });

  it('shows nothing while closed', () => {
    renderWidget(
      <AppDialog open={false} title="删除关键词">
        确认删除该关键词吗？
      </AppDialog>,
    );
    expect(screen.queryByText('确认删除该关键词吗？')).toBeNull();
  });

  it('calls onConfirm and onCancel from their buttons', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    renderWidget(
      <AppDialog open title="提示" onConfirm={onConfirm} onCancel={onCancel}>
        内容
      </AppDialog>,
    );
    fireEvent.click(confirmButton());
    fireEvent.click(cancelButton() as HTMLElement);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('uses custom button texts and can drop the cancel button', () => {
    renderWidget(
      <AppDialog open title="注意" confirmText="确认兑换" showCancel={false}>
        本版本兑换后原会员版本将抵消，确认需要兑换吗？
      </AppDialog>,
    );
    expect(screen.getByRole('button', { name: '确认兑换' })).toBeTruthy();
    expect(cancelButton()).toBeNull();
  });

  it('shows a loading confirm until the confirm promise settles', async () => {
    let finish: () => void = () => undefined;
    const onConfirm = () =>
      new Promise<void>((resolve) => {
        finish = resolve;
      });
    renderWidget(
      <AppDialog open title="提交" onConfirm={onConfirm}>
        内容
      </AppDialog>,
    );
    fireEvent.click(confirmButton());
    expect(confirmButton().className).toContain('ant-btn-loading');
    await act(async () => finish());
    expect(confirmButton().className).not.toContain('ant-btn-loading');
  });

  it('shows a loading confirm when the caller says so', () => {
    renderWidget(
      <AppDialog open title="提交" confirmLoading>
        内容
      </AppDialog>,
    );
    expect(confirmButton().className).toContain('ant-btn-loading');
  });

  it('hides the footer when footer is null', () => {
    renderWidget(
      <AppDialog open title="提示" footer={null}>
        内容
      </AppDialog>,
    );
    expect(screen.queryByRole('button', { name: /确\s?定/ })).toBeNull();
  });

  it('renders in the light theme as well', () => {
    renderWidget(
      <AppDialog open title="浅色">
        内容
      </AppDialog>,
      { theme: 'light' },
    );
    expect(screen.getByText('浅色')).toBeTruthy();
  });
});
