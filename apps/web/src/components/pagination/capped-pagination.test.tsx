import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWidget } from '../testing/render-widget';
import { type CappedList, CappedPagination } from './capped-pagination';

/** The first of ten-row pages over the list. */
const firstPageOf = (list: CappedList) => <CappedPagination list={list} page={1} pageSize={10} onChange={() => {}} />;

describe('CappedPagination', () => {
  it('states the grade’s row cap when the list is longer than the cap', () => {
    renderWidget(firstPageOf({ total_record: 120, data_max: 50, user_grade: 'FREE' }));
    expect(screen.getByText('您的免费版会员只能看50条数据，升级会员查看更多')).toBeTruthy();
    expect(screen.getByTitle('12')).toBeTruthy();
  });

  it('says nothing about a cap the list stays within, or with no cap', () => {
    const { container, rerender } = renderWidget(firstPageOf({ total_record: 40, data_max: 50, user_grade: 'FREE' }));
    expect(container.querySelector('.dso-capped-pagination__cap')?.textContent).toBe('');
    rerender(firstPageOf({ total_record: 120, data_max: 0, user_grade: 'SVIP' }));
    expect(container.querySelector('.dso-capped-pagination__cap')?.textContent).toBe('');
  });
});
