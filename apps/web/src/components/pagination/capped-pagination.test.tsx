import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWidget } from '../testing/render-widget';
import { CappedPagination } from './capped-pagination';

describe('CappedPagination', () => {
  it('states the grade’s row cap when the list is longer than the cap', () => {
    renderWidget(
      <CappedPagination
        list={{ total_record: 120, data_max: 50, user_grade: 'FREE' }}
        page={1}
        pageSize={10}
        onChange={() => {}}
      />,
    );
    expect(screen.getByText('您的免费版会员只能看50条数据，升级会员查看更多')).toBeTruthy();
    expect(screen.getByTitle('12')).toBeTruthy();
  });

  it('says nothing about a cap the list stays within, or with no cap', () => {
    const { container, rerender } = renderWidget(
      <CappedPagination
        list={{ total_record: 40, data_max: 50, user_grade: 'FREE' }}
        page={1}
        pageSize={10}
        onChange={() => {}}
      />,
    );
    expect(container.querySelector('.dso-capped-pagination__cap')?.textContent).toBe('');
    rerender(
      <CappedPagination
        list={{ total_record: 120, data_max: 0, user_grade: 'SVIP' }}
        page={1}
        pageSize={10}
        onChange={() => {}}
      />,
    );
    expect(container.querySelector('.dso-capped-pagination__cap')?.textContent).toBe('');
  });
});
