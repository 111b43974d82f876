import { FramePath, type FriendLink, type ServerTime, type TiktokUser } from '@dso/contract';
import { request } from '../lib/api/client';

/** The frame's calls (000 §7): non-200 codes are ignored without a message. */
const silent = { silent: true } as const;

export function fetchServerTime() {
  return request<ServerTime>(FramePath.serverTime, silent);
}

export function reportPageView(uid: string, page: string) {
  return request<null>(FramePath.visitorStatistic, { ...silent, method: 'POST', body: { uid, page } });
}

export function reportSession(uid: string) {
  return request<null>(FramePath.sessionStatistic, { ...silent, method: 'POST', body: { uid } });
}

export function fetchFriendLinks() {
  return request<FriendLink[]>(FramePath.friendLinks, silent);
}

export function fetchTiktokUsers() {
  return request<TiktokUser[]>(FramePath.tiktokUserInfoList, silent);
}
