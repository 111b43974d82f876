import {
  type AuthorizedAccount,
  DistributionPath,
  ImageTextPath,
  type Post,
  PublishingPath,
  publishingMessages,
  type UserInfo,
} from '@dso/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { renderAtRoute } from '../../../components/testing/render-route';
import '../../../components/testing/render-widget';
import { request } from '../../../lib/api/client';
import { toast } from '../../../lib/feedback';
import { useSession } from '../../../stores/session';
import { checkChosenFile } from '../components/post-composer';
import AuthorizationPage from './authorization-page';
import DistributionPage from './distribution-page';
import OneSendPage from './one-send-page';

vi.mock('../../../lib/api/client', () => ({ request: vi.fn(), requestFile: vi.fn(), requestUpload: vi.fn() }));
vi.mock('../../../lib/feedback', async (original) => ({
  ...(await original<typeof import('../../../lib/feedback')>()),
  toast: vi.fn(),
}));
const requestMock = request as unknown as Mock<(path: string, options?: { body?: unknown }) => unknown>;

const account = (id: number, nickname: string, status: AuthorizedAccount['status'] = 'active'): AuthorizedAccount => ({
  id,
  platform: 'douyin',
  nickname,
  avatar: '',
  open_id: 'sbx_ab…cd',
  status,
  authorized_at: 1_763_600_000,
  access_expires_at: 1_764_900_000,
  refresh_expires_at: 1_766_200_000,
});

let accounts: AuthorizedAccount[];
let posts: Post[];

function renderAt(path: string, page: ReactElement) {
  useSession.setState({ token: 'test-token', userInfo: { id: 7, grade: 'VIP' } as UserInfo });
  return renderAtRoute(page, { url: path, keepSession: true });
}

describe('publishing pages', () => {
  beforeEach(() => {
    accounts = [account(1, '美食探店'), account(2, '旧账号', 'expired')];
    posts = [];
    requestMock.mockReset();
    vi.mocked(toast).mockReset();
    requestMock.mockImplementation(async (path, options) => {
      const body = options?.body as { id?: number } | undefined;
      if (path === PublishingPath.accounts) return { list: accounts, quota: { per_val: 3, use_val: accounts.length } };
      if (path === PublishingPath.posts) return { list: posts, total: posts.length };
      if (path === PublishingPath.revoke) {
        accounts = accounts.filter((entry) => entry.id !== body?.id);
        return null;
      }
      if (path === PublishingPath.retry) {
        posts = posts.map((post) => ({
          ...post,
          deliveries: post.deliveries.map((entry) =>
            entry.id === body?.id ? { ...entry, status: 'queued', error: null } : entry,
          ),
        }));
        return posts[0]?.deliveries[0];
      }
      if (path === DistributionPath.lead) return null;
      if (path === ImageTextPath.works) {
        return {
          total_record: 2,
          result: [
            { id: 5, title: '露营装备清单', keyword: '露营装备', image_count: 3, status: 'done' },
            { id: 6, title: '还在画', keyword: '帐篷', image_count: 0, status: 'drawing' },
          ],
        };
      }
      if (path === PublishingPath.publish) return posts[0];
      throw new Error(`unexpected ${path}`);
    });
  });
  afterEach(() => {
    cleanup();
    useSession.setState({ token: null, userInfo: null });
  });

  it('checks a chosen file against the kind of post and the platform’s limits', () => {
    expect(checkChosenFile('video', { name: 'a.mp4', size: 10, type: 'video/mp4' })).toBeNull();
    expect(checkChosenFile('video', { name: 'a.png', size: 10, type: 'image/png' })).toBe(publishingMessages.mediaType);
    expect(checkChosenFile('images', { name: 'a.png', size: 11 * 1024 * 1024, type: 'image/png' })).toBe(
      publishingMessages.imageTooLarge,
    );
    expect(checkChosenFile('video', { name: 'a.mp4', size: 129 * 1024 * 1024, type: 'video/mp4' })).toBe(
      publishingMessages.videoTooLarge,
    );
  });

  it('lists the authorised accounts with their state and seats, tells the authorisation’s outcome and revokes', async () => {
    renderAt('/oneSendAuthorization?auth=ok', <AuthorizationPage />);
    const cards = await screen.findAllByTestId('authorized-account');
    expect(cards).toHaveLength(2);
    expect(within(cards[0] as HTMLElement).getByText('已授权')).toBeTruthy();
    expect(within(cards[1] as HTMLElement).getByText('授权已过期')).toBeTruthy();
    expect(screen.getByTestId('authorize-quota').textContent).toContain('2 / 3');
    await waitFor(() => expect(toast).toHaveBeenCalledWith('授权成功', 'success'));
    expect(screen.getByTestId('address').textContent).toBe('/oneSendAuthorization');
    fireEvent.click(within(cards[1] as HTMLElement).getByRole('button', { name: '取消授权' }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(screen.getAllByTestId('authorized-account')).toHaveLength(1));
  }, 20_000);

  it('shows the platform’s refusal when the authorisation came back with an error', async () => {
    renderAt(
      `/oneSendAuthorization?auth_error=${encodeURIComponent('该抖音账号已被其他用户授权')}`,
      <AuthorizationPage />,
    );
    await waitFor(() => expect(toast).toHaveBeenCalledWith('该抖音账号已被其他用户授权'));
  });

  it('offers only active accounts to publish to, and shows each account’s status, error and 重试', async () => {
    posts = [
      {
        id: 5,
        kind: 'video',
        title: '探店',
        text: '今天的探店视频',
        media: [{ id: 3, kind: 'video', name: 'clip.mp4', size: 100 }],
        created_at: 1_763_600_000,
        deliveries: [
          {
            id: 8,
            account_id: 1,
            nickname: '美食探店',
            avatar: '',
            status: 'failed',
            attempts: 3,
            item_id: null,
            error: '视频内容违规（错误码 2190015）',
            updated_at: 1_763_600_000,
          },
          {
            id: 9,
            account_id: 3,
            nickname: '第二个号',
            avatar: '',
            status: 'published',
            attempts: 1,
            item_id: '@x',
            error: null,
            updated_at: 1_763_600_000,
          },
        ],
      },
    ];
    renderAt('/oneSend', <OneSendPage />);
    const composer = await screen.findByTestId('one-send-composer');
    expect(await within(composer).findByText('美食探店')).toBeTruthy();
    expect(within(composer).queryByText('旧账号')).toBeNull();
    const history = screen.getByTestId('one-send-history');
    expect(await within(history).findByText('视频内容违规（错误码 2190015）')).toBeTruthy();
    expect(within(history).getByText('已发布')).toBeTruthy();
    fireEvent.click(within(history).getByRole('button', { name: /重\s*试/ }));
    await waitFor(() =>
      expect(requestMock).toHaveBeenCalledWith(PublishingPath.retry, { method: 'POST', body: { id: 8 } }),
    );
    expect(await within(history).findByText('排队中')).toBeTruthy();
  }, 20_000);

  it('refuses to publish without media', async () => {
    renderAt('/oneSend', <OneSendPage />);
    const composer = await screen.findByTestId('one-send-composer');
    fireEvent.change(within(composer).getByPlaceholderText('写点什么，可加 #话题'), { target: { value: '描述' } });
    fireEvent.click(await within(composer).findByText('美食探店'));
    fireEvent.click(within(composer).getByRole('button', { name: '一键发布' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(publishingMessages.mediaMissing));
    expect(requestMock).not.toHaveBeenCalledWith(PublishingPath.publish, expect.anything());
  }, 20_000);

  it('publishes an AI 图文 work opened with ?work_id, the caption left to the work', async () => {
    renderAt('/oneSend?work_id=5', <OneSendPage />);
    const composer = await screen.findByTestId('one-send-composer');
    expect(await within(composer).findByText('露营装备清单（3 张图）')).toBeTruthy();
    expect(within(composer).queryByText('点击或拖拽视频到这里上传')).toBeNull();
    fireEvent.click(await within(composer).findByText('美食探店'));
    fireEvent.click(within(composer).getByRole('button', { name: '一键发布' }));
    await waitFor(() =>
      expect(requestMock).toHaveBeenCalledWith(PublishingPath.publish, {
        method: 'POST',
        body: { kind: 'work', work_id: 5, title: '', text: '', media_ids: [], account_ids: [1] },
      }),
    );
  }, 20_000);

  it('stores a lead from the /distribution form and thanks the visitor', async () => {
    renderAt('/distribution', <DistributionPage />);
    fireEvent.change(screen.getByPlaceholderText('如：王先生'), { target: { value: '王经理' } });
    fireEvent.change(screen.getByPlaceholderText('请输入手机号'), { target: { value: '13800001111' } });
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() =>
      expect(requestMock).toHaveBeenCalledWith(DistributionPath.lead, {
        method: 'POST',
        body: { name: '王经理', phone: '13800001111', company: '', need: '' },
      }),
    );
    expect(await screen.findByText('提交成功')).toBeTruthy();
  }, 20_000);
});
