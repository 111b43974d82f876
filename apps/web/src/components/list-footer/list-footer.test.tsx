import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { openedDialogs, renderWidget } from '../testing/render-widget';
import { FeedFooter, ListFooter } from './list-footer';

describe('ListFooter', () => {
  it('shows 更多数据正在加载中... while loading', () => {
    renderWidget(<ListFooter state="show" />, { viewer: 'FREE' });
    expect(screen.getByText('更多数据正在加载中...')).toBeTruthy();
  });

  it('shows 继续智能创作中... while AI writing continues', () => {
    renderWidget(<ListFooter state="show" loadingVariant="creating" />, { viewer: 'FREE' });
    expect(screen.getByText('继续智能创作中...')).toBeTruthy();
  });

  it('shows ~没有更多了~ at the end of the list', () => {
    renderWidget(<ListFooter state="noMore" />, { viewer: 'FREE' });
    expect(screen.getByText('~没有更多了~')).toBeTruthy();
  });

  it('shows the no-data placeholder for an empty list', () => {
    renderWidget(<ListFooter state="noData" />, { viewer: 'FREE' });
    expect(screen.getByText('暂无数据')).toBeTruthy();
  });

  it('shows nothing when hidden', () => {
    const { container } = renderWidget(<ListFooter state="hide" />);
    expect(container.querySelector('.dso-list-footer')).toBeNull();
  });

  it('loads more from the 点击加载更多 button', () => {
    const onLoadMore = vi.fn();
    renderWidget(<ListFooter state="click" onLoadMore={onLoadMore} />, { viewer: 'FREE' });
    fireEvent.click(screen.getByRole('button', { name: '点击加载更多' }));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('shows the login prompt for visitors and opens the login dialog from 立即登录', () => {
    renderWidget(<ListFooter state="noLogin" />);
    expect(screen.getByText('立即登录注册，查看更多数据')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '立即登录' }));
    expect(openedDialogs().open.login).toBe(true);
  });

  it('asks guests to log in for more rankings with 马上登录', () => {
    renderWidget(<ListFooter state="noLogin" loginVariant="rank" />);
    expect(screen.getByText('需要登录才能查看更多排名')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '马上登录' }));
    expect(openedDialogs().open.login).toBe(true);
  });

  it('invites a FREE user at the cap to the personal edition and goes to /pay', () => {
    renderWidget(<ListFooter state="FREE" dataMax={100} />, { viewer: 'FREE' });
    expect(screen.getByText('您的免费版会员只能看100条数据，升级会员查看更多')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /升级个人版查看更多数据/ }));
    expect(screen.getByTestId('address').textContent).toBe('/pay');
  });

  it('names the next tier for each grade state', () => {
    const { rerender } = renderWidget(<ListFooter state="VIP" />, { viewer: 'VIP' });
    expect(screen.getByRole('button', { name: /升级企业版查看更多数据/ })).toBeTruthy();
    rerender(<ListFooter state="CVIP" />);
    expect(screen.getByRole('button', { name: /升级企业版查看更多数据/ })).toBeTruthy();
    rerender(<ListFooter state="SVIP" />);
    expect(screen.getByRole('button', { name: /升级旗舰版查看更多数据/ })).toBeTruthy();
  });

  it('reads as ~没有更多了~ for EVIP, who has nothing to upgrade to', () => {
    renderWidget(<ListFooter state="EVIP" />, { viewer: 'EVIP' });
    expect(screen.getByText('~没有更多了~')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  describe('choosing the state from the paging state', () => {
    const paging = { total: 500, loadedCount: 100, pageNum: 10, pageSize: 10, dataMax: 100 };

    it('asks visitors to log in', () => {
      renderWidget(<ListFooter input={{ ...paging, loggedIn: false, grade: null }} />);
      expect(screen.getByRole('button', { name: '立即登录' })).toBeTruthy();
    });

    it("invites an upgrade when the grade's cap is hit", () => {
      renderWidget(<ListFooter input={{ ...paging, loggedIn: true, grade: 'FREE' }} />, { viewer: 'FREE' });
      expect(screen.getByText('您的免费版会员只能看100条数据，升级会员查看更多')).toBeTruthy();
    });

    it('gives GVIP ~没有更多了~ at the cap', () => {
      renderWidget(<ListFooter input={{ ...paging, loggedIn: true, grade: 'GVIP' }} />, { viewer: 'GVIP' });
      expect(screen.getByText('~没有更多了~')).toBeTruthy();
    });

    it('keeps loading below the cap', () => {
      renderWidget(<ListFooter input={{ ...paging, pageNum: 3, loggedIn: true, grade: 'FREE' }} />, {
        viewer: 'FREE',
      });
      expect(screen.getByText('更多数据正在加载中...')).toBeTruthy();
    });
  });
});

describe('FeedFooter', () => {
  it("shows the feed's footer state and loads its next page from 点击加载更多", () => {
    const loadMore = vi.fn();
    renderWidget(<FeedFooter feed={{ footer: 'click', dataMax: null, loadMore }} />, { viewer: 'FREE' });
    fireEvent.click(screen.getByRole('button', { name: '点击加载更多' }));
    expect(loadMore).toHaveBeenCalledTimes(1);
  });
});
