import { CreatorPath } from '@dso/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { creatorRow, listPage, renderCreators } from '../testing';

const request = vi.fn();
vi.mock('../../../lib/api/client', () => ({ request: (...args: unknown[]) => request(...args) }));

const { default: CreatorLibraryPage } = await import('./creator-library-page');
const TIMEOUT = 30_000;

const facets = {
  fields: [
    { name: '美食餐饮', count: 120 },
    { name: '美妆护肤', count: 80 },
  ],
  provinces: [{ name: '广东', count: 50 }],
};

function answer(
  rows = [creatorRow(), creatorRow({ user_id: 'u2', nick_name: '小美化妆间', follower_growth_30d: -300 })],
) {
  request.mockImplementation(async (path: string) => {
    if (path === CreatorPath.facets) return facets;
    if (path === CreatorPath.list) return listPage(rows, { total_record: 2 });
    throw new Error(`unexpected ${path}`);
  });
}

const listCalls = () =>
  request.mock.calls.filter(([path]) => path === CreatorPath.list).map(([, options]) => options.query);

beforeEach(() => {
  request.mockReset();
});

describe('/personListLibrary', () => {
  it(
    'searches the header keyword and lists creators with their classes and figures',
    async () => {
      answer();
      renderCreators(<CreatorLibraryPage />, { url: '/personListLibrary?keyword=%E9%98%BF%E6%98%8E', grade: 'FREE' });
      const list = await screen.findByRole('list', { name: '达人列表' });
      expect(listCalls()[0]).toMatchObject({
        keyword: '阿明',
        sort: 'total_follower_count',
        page_no: 1,
        page_size: 20,
      });
      expect((screen.getByRole('searchbox', { name: '达人名称' }) as HTMLInputElement).value).toBe('阿明');
      const rows = within(list).getAllByTestId('creator-row');
      expect(rows).toHaveLength(2);
      const first = rows[0] as HTMLElement;
      expect(within(first).getByRole('link', { name: '阿明的厨房' }).getAttribute('href')).toBe(
        '/person/detail/u-ameng',
      );
      expect(within(first).getByText('肩部达人')).toBeTruthy();
      expect(within(first).getByText('美食餐饮')).toBeTruthy();
      expect(within(first).getByText('带货')).toBeTruthy();
      expect(first.textContent).toContain('123.4w');
      expect(first.textContent).toContain('+1.2w');
      expect((rows[1] as HTMLElement).textContent).toContain('-300');
      // The avatar placeholder: the nickname's first character, no image.
      expect(first.querySelector('img')).toBeNull();
      expect(screen.getByTestId('creator-total').textContent).toContain('共找到 2 位达人');
    },
    TIMEOUT,
  );

  it(
    'filters by field, follower class, region and commerce, and sorts, keeping each in the address',
    async () => {
      answer();
      renderCreators(<CreatorLibraryPage />, { url: '/personListLibrary', grade: 'FREE' });
      await screen.findByRole('list', { name: '达人列表' });
      fireEvent.click(await screen.findByRole('button', { name: '美妆护肤' }));
      await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ field: '美妆护肤' }));
      const sizes = screen.getByRole('group', { name: '粉丝量级' });
      fireEvent.click(within(sizes).getByRole('button', { name: /腰部达人/ }));
      await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ field: '美妆护肤', size_class: 'mid' }));
      fireEvent.click(screen.getByRole('button', { name: '带货达人' }));
      await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ is_commerce: true }));
      fireEvent.click(screen.getByText('获赞数', { selector: '.ant-segmented-item-label' }));
      await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ sort: 'total_favorited', size_class: 'mid' }));
      expect(screen.getByTestId('address').textContent).toBe(
        `/personListLibrary?${new URLSearchParams({ field: '美妆护肤', size_class: 'mid', is_commerce: '1', sort: 'total_favorited' })}`,
      );
      // 全部 clears the class again.
      fireEvent.click(within(sizes).getByRole('button', { name: '全部' }));
      await waitFor(() => expect(listCalls().at(-1)?.size_class).toBeUndefined());
    },
    TIMEOUT,
  );

  it(
    'asks a visitor to log in for more, and says so when nothing matches',
    async () => {
      answer();
      const { unmount } = renderCreators(<CreatorLibraryPage />, { url: '/personListLibrary' });
      await screen.findByRole('list', { name: '达人列表' });
      expect(screen.getByText('立即登录注册，查看更多数据')).toBeTruthy();
      unmount();
      answer([]);
      renderCreators(<CreatorLibraryPage />, { url: '/personListLibrary?keyword=zzz', grade: 'FREE' });
      expect(await screen.findByText('没有符合条件的达人，换个条件试试')).toBeTruthy();
    },
    TIMEOUT,
  );
});
