import type { FriendLink, TiktokUser } from '@dso/contract';
import type { Database } from '../../db/client';
import { listAuthorizedProfiles } from '../publishing';
import * as repository from './frame.repository';

/** The friend links the footer shows when an installation has configured none of its own. */
export const defaultFriendLinks: FriendLink[] = [
  { name: '抖音开放平台', url: 'https://developer.open-douyin.com' },
  { name: '小红书', url: 'https://www.xiaohongshu.com' },
  { name: '微信公众平台', url: 'https://mp.weixin.qq.com' },
  { name: '哔哩哔哩', url: 'https://www.bilibili.com' },
  { name: '快手', url: 'https://www.kuaishou.com' },
  { name: 'TikTok', url: 'https://www.tiktok.com' },
  { name: '百度指数', url: 'https://index.baidu.com' },
  { name: '微信指数', url: 'https://weixin.qq.com' },
  { name: '中国互联网络信息中心', url: 'https://www.cnnic.net.cn' },
  { name: '工业和信息化部', url: 'https://www.miit.gov.cn' },
];

/**
 * The sample account shown before a user authorises one of their own; its `example` flag is what
 * turns the market-old-data flag off on the client (the old dashboard, /dataMarket, stays hidden).
 */
export const exampleAccount: TiktokUser = {
  nickname: '示例账号',
  avatar: '',
  unique_id: 'example',
  example: true,
};

export async function ensureFriendLinks(db: Database) {
  if ((await repository.countFriendLinks(db)) > 0) return;
  await repository.insertFriendLinks(
    db,
    defaultFriendLinks.map((link, sort) => ({ ...link, sort })),
  );
}

export async function listTiktokUsers(db: Database, userId: number | null): Promise<TiktokUser[]> {
  if (userId === null) return [exampleAccount];
  // The accounts authorised through 账号授权 (one-key publishing owns them).
  const accounts = await listAuthorizedProfiles(db, userId);
  if (accounts.length === 0) return [exampleAccount];
  return accounts.map((account) => ({ ...account, example: false }));
}
