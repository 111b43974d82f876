/**
 * The publishing provider (一键发布): authorising a user's Douyin accounts through the Douyin
 * Open Platform's OAuth and publishing to them. The sandbox (the default) authorises through a local
 * page of this server and records posts as published; the real adapter speaks the Open Platform's
 * documented protocol (docs/publishing.md): `/platform/oauth/connect/`, `/oauth/access_token/`,
 * `/oauth/refresh_token/`, `/oauth/renew_refresh_token/`, `/oauth/userinfo/`, `/video/upload/` + `/video/create/` and
 * `/image/upload/` + `/image/create/`.
 */

/** An account's tokens as the platform issued them. */
export interface PlatformTokens {
  /** The account's id in this application. */
  openId: string;
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: Date;
  refreshExpiresAt: Date;
  scope: string;
}

/** The account's public profile. */
export interface PlatformProfile {
  nickname: string;
  avatar: string;
}

/** A file to publish, read from this server's storage. */
export interface PublishFile {
  name: string;
  mime: string;
  data: Uint8Array;
}

/** The access an authorised account grants. */
export interface AccountAccess {
  openId: string;
  accessToken: string;
}

/** Why a platform call did not succeed. */
export type PublishingErrorReason =
  /** The access token is expired or revoked (refresh, or authorise again). */
  | 'token_expired'
  /** The refresh token is expired or used up: only authorising again helps. */
  | 'reauthorize'
  /** The platform refused the content or the request (its message says why); trying again will not help. */
  | 'rejected'
  /** Down, timed out, rate limited or unreadable: trying again later may help. */
  | 'unavailable';

/** The rejection of a platform call, with the platform's own error code and description when it gave one. */
export class PublishingError extends Error {
  constructor(
    readonly reason: PublishingErrorReason,
    message: string,
    readonly platformCode: number | null = null,
  ) {
    super(message);
    this.name = 'PublishingError';
  }

  /** What the user reads: the platform's description with its code. */
  get display(): string {
    return this.platformCode === null ? this.message : `${this.message}（错误码 ${this.platformCode}）`;
  }
}

/** What a platform webhook call means for publishing. */
export type PublishingWebhook =
  /** The platform checks the address: answer `{ challenge }`. */
  | { kind: 'challenge'; challenge: unknown }
  /** The user cancelled the authorisation in the platform's app. */
  | { kind: 'unauthorize'; openId: string }
  /** Authentic, but nothing publishing acts on. */
  | { kind: 'ignored' }
  /** Not signed by the platform. */
  | { kind: 'forged' };

export interface PublishingProvider {
  readonly name: 'sandbox' | 'douyin';
  /** The page the browser opens to authorise: it returns to `redirectUri` with `code` and `state`. */
  authorizeUrl(options: { state: string; redirectUri: string }): string;
  /** Exchanges the authorisation code for tokens (`/oauth/access_token/`). */
  exchangeCode(code: string, now: Date): Promise<PlatformTokens>;
  /** A new access token from the refresh token (`/oauth/refresh_token/`); the refresh token's end stays. */
  refreshAccessToken(refreshToken: string, now: Date): Promise<PlatformTokens>;
  /**
   * A new refresh token with a fresh lifetime (`/oauth/renew_refresh_token/`); the old one stops working.
   * Douyin allows five renewals, then the user authorises again (10020).
   */
  renewRefreshToken(refreshToken: string, now: Date): Promise<{ refreshToken: string; refreshExpiresAt: Date }>;
  fetchProfile(access: AccountAccess): Promise<PlatformProfile>;
  /** Reads one webhook call (`X-Douyin-Signature` over the raw body); the sandbox has none and calls every one forged. */
  readWebhook(signature: string | undefined, body: string): PublishingWebhook;
  /** Uploads and publishes a video; answers the platform's item id. */
  publishVideo(access: AccountAccess, video: PublishFile, text: string): Promise<string>;
  /** Uploads the images and publishes an image post; answers the platform's item id. */
  publishImages(access: AccountAccess, images: PublishFile[], text: string): Promise<string>;
}
