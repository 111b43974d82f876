import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { openedDialogs, renderWidget } from '../testing/render-widget';
import { AppPagination } from './app-pagination';

function pagerItems() {
  const items = screen.getByRole('list').querySelectorAll('.ant-pagination-item');
  return Array.from(items, (item) => item.textContent);
}

describe('AppPagination', () => {
  it('shows ten rows per page by default, so 95 rows make 10 pages', () => {
    renderWidget(<AppPagination total={95} current={1} onChange={vi.fn()} />);
    expect(pagerItems().at(-1)).toBe('10');
  });

  it('shows every page up to seven pages', () => {
    renderWidget(<AppPagination total={70} current={1} onChange={vi.fn()} />);
    expect(pagerItems()).toEqual(['1', '2', '3', '4', '5', '6', '7']);
  });

  it('folds longer lists into seven pager slots around the current page', () => {
    const { container } = renderWidget(<AppPagination total={500} current={25} onChange={vi.fn()} />);
    expect(pagerItems()).toEqual(['1', '24', '25', '26', '50']);
    const slots = container.querySelectorAll(
      '.ant-pagination-item, .ant-pagination-jump-prev, .ant-pagination-jump-next',
    );
    expect(slots).toHaveLength(7);
  });

  it('shows only prev, pager and next, without a size changer or jumper', () => {
    const { container } = renderWidget(<AppPagination total={500} current={1} onChange={vi.fn()} />);
    expect(container.querySelector('.ant-pagination-options')).toBeNull();
    expect(screen.getByTitle('上一页')).toBeTruthy();
    expect(screen.getByTitle('下一页')).toBeTruthy();
  });

  it('reports the chosen page and size on a click', () => {
    const onChange = vi.fn();
    renderWidget(<AppPagination total={95} current={1} onChange={onChange} />);
    fireEvent.click(within(screen.getByRole('list')).getByTitle('3'));
    expect(onChange).toHaveBeenCalledWith(3, 10);
  });

  it('allows a page that reaches the max number exactly', () => {
    const onChange = vi.fn();
    renderWidget(<AppPagination total={500} current={1} maxNumber={50} onChange={onChange} />);
    fireEvent.click(screen.getByTitle('5'));
    expect(onChange).toHaveBeenCalledWith(5, 10);
  });

  it("refuses a page beyond the grade's max number and opens the upgrade prompt", () => {
    const onChange = vi.fn();
    renderWidget(<AppPagination total={500} current={5} maxNumber={50} onChange={onChange} />, { viewer: 'FREE' });
    fireEvent.click(screen.getByTitle('6'));
    expect(onChange).not.toHaveBeenCalled();
    const { open, payload } = openedDialogs();
    expect(open.noPermission).toBe(true);
    expect(payload.noPermission).toEqual({ message: '您的免费版会员只能看50条数据，升级会员查看更多', grade: 'VIP' });
  });

  it('hands a refused change to onExceedMax when given', () => {
    const onChange = vi.fn();
    const onExceedMax = vi.fn();
    renderWidget(
      <AppPagination total={500} current={5} maxNumber={50} onChange={onChange} onExceedMax={onExceedMax} />,
    );
    fireEvent.click(screen.getByTitle('下一页'));
    expect(onExceedMax).toHaveBeenCalledWith({ page: 6, pageSize: 10, maxNumber: 50 });
    expect(onChange).not.toHaveBeenCalled();
    expect(openedDialogs().open.noPermission).toBe(false);
  });

  it('offers sizes 20 and 50 when the size changer is shown', async () => {
    const { container } = renderWidget(<AppPagination total={500} current={1} showSizeChanger onChange={vi.fn()} />);
    fireEvent.mouseDown(container.querySelector('.ant-select') as Element);
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(expect.arrayContaining(['10 条/页', '20 条/页', '50 条/页']));
  });
});
