import { createHash, randomBytes } from 'node:crypto';
import { PublishingPath } from '@dso/contract';
import type { PlatformTokens, PublishingProvider } from './index';
import { PublishingError } from './index';

/** The nickname the sandbox's authorise page proposes: the demo account. */
export const SANDBOX_NICKNAME = 'DSO 演示抖音号';

const DAY_MS = 86_400_000;
/** Douyin's lifetimes: access tokens 15 days, refresh tokens 30 days. */
const ACCESS_MS = 15 * DAY_MS;
const REFRESH_MS = 30 * DAY_MS;

/** The sandbox's code carries the account the page confirmed: `sbx.` + base64url(nickname). */
export function sandboxCode(nickname: string): string {
  return `sbx.${Buffer.from(nickname.slice(0, 20), 'utf8').toString('base64url')}`;
}

/** The same nickname is always the same sandbox account. */
function sandboxOpenId(nickname: string): string {
  return `sbx_${createHash('sha256').update(nickname).digest('hex').slice(0, 24)}`;
}

function tokens(openId: string, nickname: string, now: Date): PlatformTokens {
  // The account travels in the tokens, so profile and refresh need no storage of their own.
  const who = `${openId}.${Buffer.from(nickname, 'utf8').toString('base64url')}`;
  return {
    openId,
    accessToken: `sbx.act.${who}.${randomBytes(12).toString('hex')}`,
    refreshToken: `sbx.rft.${who}.${randomBytes(12).toString('hex')}`,
    accessExpiresAt: new Date(now.getTime() + ACCESS_MS),
    refreshExpiresAt: new Date(now.getTime() + REFRESH_MS),
    scope: 'user_info,video.create,image.create',
  };
}

/**
 * Authorises and publishes without Douyin: the authorise address is a page of this server that plays
 * Douyin's part (`PublishingPath.sandboxAuthorize`), and every publish answers a new item id, so the
 * post is recorded as published. Nothing leaves the machine.
 */
export function createSandboxPublishing(): PublishingProvider {
  return {
    name: 'sandbox',
    authorizeUrl({ state, redirectUri }) {
      const query = new URLSearchParams({ state, redirect_uri: redirectUri });
      return `${PublishingPath.sandboxAuthorize}?${query.toString()}`;
    },
    async exchangeCode(code, now) {
      if (!code.startsWith('sbx.')) throw new PublishingError('rejected', '授权码无效', 10007);
      const nickname = Buffer.from(code.slice(4), 'base64url').toString('utf8').trim();
      if (!nickname) throw new PublishingError('rejected', '授权码无效', 10007);
      return tokens(sandboxOpenId(nickname), nickname, now);
    },
    async refreshAccessToken(refreshToken, now) {
      const [, kind, openId, nickname] = refreshToken.split('.');
      if (kind !== 'rft' || !openId || nickname === undefined) {
        throw new PublishingError('reauthorize', 'refresh_token 过期', 10010);
      }
      return tokens(openId, Buffer.from(nickname, 'base64url').toString('utf8'), now);
    },
    async renewRefreshToken(refreshToken, now) {
      const [, kind, openId, nickname] = refreshToken.split('.');
      if (kind !== 'rft' || !openId || nickname === undefined) {
        throw new PublishingError('reauthorize', 'refresh_token 过期', 10010);
      }
      const renewed = tokens(openId, Buffer.from(nickname, 'base64url').toString('utf8'), now);
      return { refreshToken: renewed.refreshToken, refreshExpiresAt: renewed.refreshExpiresAt };
    },
    async fetchProfile({ accessToken }) {
      const nickname = accessToken.split('.')[3];
      return {
        nickname: nickname ? Buffer.from(nickname, 'base64url').toString('utf8') : SANDBOX_NICKNAME,
        avatar: '',
      };
    },
    // No platform pushes events to the sandbox.
    readWebhook: () => ({ kind: 'forged' }),
    async publishVideo() {
      return `sbx_item_${randomBytes(8).toString('hex')}`;
    },
    async publishImages() {
      return `sbx_item_${randomBytes(8).toString('hex')}`;
    },
  };
}
