import {
  type Delivery,
  type Post,
  type PostKind,
  type PostPage,
  type PostsQuery,
  type PublishBody,
  publishingLimits,
  publishingMessages,
} from '@dso/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { PublishingError, type PublishingProvider } from '../../providers/publishing/index';
import { getImageTextWork } from '../image-text';
import { enqueueJob } from '../jobs';
import { freshAccess, refreshAccount } from './accounts.service';
import { importWorkImage, readMedia, toPublishingMedia } from './media.service';
import type { DeliveryRow, MediaRow } from './publishing.repository';
import * as repository from './publishing.repository';

/** The job that publishes one delivery (a post to one account). */
export const PUBLISHING_DELIVER_JOB = 'publishing.deliver';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * Checks the media of a post against its kind (pure): a video post is exactly one video, an images
 * post one to nine images, in the order given. Returns the rows in that order or throws a 400.
 */
export function orderMediaForPost(kind: PostKind, ids: number[], rows: MediaRow[]): MediaRow[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ordered = ids.map((id) => byId.get(id));
  if (ordered.some((row) => row === undefined)) throw AppError.badRequest(publishingMessages.mediaNotFound);
  const media = ordered as MediaRow[];
  if (kind === 'video') {
    if (media.length !== 1 || media[0]?.kind !== 'video') throw AppError.badRequest(publishingMessages.videoOne);
  } else {
    if (media.some((row) => row.kind !== 'image')) throw AppError.badRequest(publishingMessages.imagesOnly);
    if (media.length > publishingLimits.imagesMax) throw AppError.badRequest(publishingMessages.tooManyImages);
  }
  return media;
}

async function enqueueDelivery(db: Database, deliveryId: number) {
  await enqueueJob(db, {
    kind: PUBLISHING_DELIVER_JOB,
    payload: { deliveryId },
    maxAttempts: publishingLimits.deliveryAttempts,
  });
}

/** A post's content from an AI 图文 work: its pictures (at most nine) copied in, its title and body as defaults. */
async function contentOfWork(db: Database, dataDir: string, userId: number, body: PublishBody) {
  if (body.work_id === undefined) throw AppError.badRequest(publishingMessages.workMissing);
  const work = await getImageTextWork(db, userId, body.work_id, dataDir);
  if (!work || work.imagePaths.length === 0) throw AppError.notFound(publishingMessages.workNotFound);
  const media: MediaRow[] = [];
  try {
    for (const sourcePath of work.imagePaths.slice(0, publishingLimits.imagesMax)) {
      media.push(await importWorkImage({ db, dataDir, userId, sourcePath }));
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw AppError.notFound(publishingMessages.workNotFound);
  }
  return {
    kind: 'images' as const,
    media,
    title: body.title || work.title.slice(0, publishingLimits.titleMax),
    text: body.text || work.body.trim().slice(0, publishingLimits.textMax),
  };
}

/**
 * Publishes a post to the chosen accounts: the post, one queued delivery per account and one job per
 * delivery, in one transaction. Accounts must be the user's and active (an expired one is re-authorised
 * first); uploaded media must be the user's and fit the kind; an AI 图文 work must be the user's and done.
 */
export async function publishPost(db: Database, dataDir: string, userId: number, body: PublishBody): Promise<Post> {
  const accountIds = [...new Set(body.account_ids)];
  const accounts = (await repository.selectAccounts(db, userId)).filter((account) => accountIds.includes(account.id));
  if (accounts.length !== accountIds.length) throw AppError.notFound(publishingMessages.accountNotFound);
  if (accounts.some((account) => account.status !== 'active')) {
    throw AppError.toast(publishingMessages.accountInactive);
  }
  let content: { kind: PostKind; media: MediaRow[]; title: string; text: string };
  if (body.kind === 'work') {
    content = await contentOfWork(db, dataDir, userId, body);
  } else {
    const mediaIds = [...new Set(body.media_ids)];
    if (mediaIds.length === 0) throw AppError.badRequest(publishingMessages.mediaMissing);
    const media = orderMediaForPost(body.kind, mediaIds, await repository.selectMedia(db, userId, mediaIds));
    content = { kind: body.kind, media, title: body.title, text: body.text };
  }
  if (!content.text) throw AppError.badRequest(publishingMessages.textMissing);
  const media = content.media;
  const postId = await db.transaction(async (tx) => {
    const post = await repository.insertPost(tx, {
      userId,
      kind: content.kind,
      title: content.title,
      text: content.text,
      mediaIds: media.map((row) => row.id),
    });
    const deliveries = await repository.insertDeliveries(tx, post.id, accountIds);
    for (const delivery of deliveries) await enqueueDelivery(tx, delivery.id);
    return post.id;
  });
  const [post] = await postsByIds(db, userId, [postId]);
  return post as Post;
}

async function postsByIds(db: Database, userId: number, ids: number[]): Promise<Post[]> {
  const posts = [];
  for (const id of ids) {
    const post = await repository.findPost(db, id);
    if (post && post.userId === userId) posts.push(post);
  }
  return assemble(db, userId, posts);
}

async function assemble(db: Database, userId: number, posts: repository.PostRow[]): Promise<Post[]> {
  const media = await repository.selectMedia(
    db,
    userId,
    posts.flatMap((post) => post.mediaIds),
  );
  const mediaById = new Map(media.map((row) => [row.id, row]));
  const deliveries = await repository.selectDeliveries(
    db,
    posts.map((post) => post.id),
  );
  return posts.map((post) => ({
    id: post.id,
    kind: post.kind,
    title: post.title,
    text: post.text,
    media: post.mediaIds.flatMap((id) => {
      const row = mediaById.get(id);
      return row ? [toPublishingMedia(row)] : [];
    }),
    created_at: seconds(post.createdAt),
    deliveries: deliveries
      .filter((entry) => entry.delivery.postId === post.id)
      .map(
        ({ delivery, nickname, avatar }): Delivery => ({
          id: delivery.id,
          account_id: delivery.accountId,
          nickname: nickname || '抖音用户',
          avatar,
          status: delivery.status,
          attempts: delivery.attempts,
          item_id: delivery.itemId,
          error: delivery.error,
          updated_at: seconds(delivery.updatedAt),
        }),
      ),
  }));
}

/** The user's posts, newest first, each with its deliveries. */
export async function listPosts(db: Database, userId: number, query: PostsQuery): Promise<PostPage> {
  const total = await repository.countPosts(db, userId);
  const rows = await repository.selectPosts(db, userId, query.page_size, (query.page_no - 1) * query.page_size);
  return { list: await assemble(db, userId, rows), total };
}

/** 重试: a failed delivery is queued again for a fresh round of tries (its account must be active). */
export async function retryDelivery(db: Database, userId: number, id: number, now: Date): Promise<Delivery> {
  const delivery = await repository.findDelivery(db, id);
  const post = delivery ? await repository.findPost(db, delivery.postId) : null;
  if (!delivery || !post || post.userId !== userId) throw AppError.notFound(publishingMessages.deliveryNotFound);
  if (delivery.status !== 'failed') throw AppError.toast(publishingMessages.deliveryNotFailed);
  const account = await repository.findAccount(db, delivery.accountId);
  if (account?.status !== 'active' || account.userId !== userId) {
    throw AppError.toast(publishingMessages.accountInactive);
  }
  await db.transaction(async (tx) => {
    await repository.updateDelivery(tx, id, { status: 'queued', error: null, attempts: 0, updatedAt: now });
    await enqueueDelivery(tx, id);
  });
  const [assembled] = await postsByIds(db, userId, [post.id]);
  return assembled?.deliveries.find((entry) => entry.id === id) as Delivery;
}

/** What one run of a delivery came to. */
export type DeliveryOutcome = 'published' | 'failed' | 'retry' | 'skipped';

/**
 * Runs one delivery (the job's body): refreshes the account's token when it is about to end, reads the
 * media and publishes through the provider. An access token the platform calls expired is refreshed
 * once and the publish tried again; a refresh token it no longer takes expires the account; a refusal
 * fails the delivery with the platform's words and code; an outage is tried again (`retry`) until the
 * last attempt, then fails.
 */
export async function runDelivery(options: {
  db: Database;
  provider: PublishingProvider;
  deliveryId: number;
  lastAttempt: boolean;
  now: () => Date;
}): Promise<DeliveryOutcome> {
  const { db, provider } = options;
  const claimed = await repository.claimDelivery(db, options.deliveryId, options.now());
  if (!claimed) return 'skipped';
  const fail = async (error: string): Promise<DeliveryOutcome> => {
    await repository.updateDelivery(db, claimed.id, { status: 'failed', error, updatedAt: options.now() });
    return 'failed';
  };
  const post = await repository.findPost(db, claimed.postId);
  let account = await repository.findAccount(db, claimed.accountId);
  if (!post || !account || account.status === 'revoked') return fail(publishingMessages.accountNotFound);
  if (account.status === 'expired') return fail(publishingMessages.tokenExpired);
  const media = await repository.selectMedia(db, post.userId, post.mediaIds);
  let files: Awaited<ReturnType<typeof readMedia>>[];
  try {
    files = await Promise.all(orderMediaForPost(post.kind, post.mediaIds, media).map((row) => readMedia(row)));
  } catch {
    return fail(publishingMessages.mediaNotFound);
  }

  const publish = async (access: { openId: string; accessToken: string }) =>
    post.kind === 'video'
      ? provider.publishVideo(access, files[0] as (typeof files)[number], post.text)
      : provider.publishImages(access, files, post.text);

  try {
    let itemId: string;
    const fresh = await freshAccess(db, provider, account, options.now());
    account = fresh.account;
    try {
      itemId = await publish(fresh.access);
    } catch (error) {
      if (!(error instanceof PublishingError) || error.reason !== 'token_expired') throw error;
      account = await refreshAccount(db, provider, account, options.now());
      itemId = await publish({ openId: account.openId, accessToken: account.accessToken });
    }
    await repository.updateDelivery(db, claimed.id, {
      status: 'published',
      itemId,
      error: null,
      updatedAt: options.now(),
    });
    return 'published';
  } catch (error) {
    if (!(error instanceof PublishingError)) throw error;
    if (error.reason === 'reauthorize' || error.reason === 'token_expired') {
      await repository.updateAccount(db, account.id, { status: 'expired', updatedAt: options.now() });
      return fail(publishingMessages.tokenExpired);
    }
    if (error.reason === 'rejected' || options.lastAttempt) return fail(error.display);
    await repository.updateDelivery(db, claimed.id, {
      status: 'queued',
      error: error.display,
      updatedAt: options.now(),
    } satisfies Partial<DeliveryRow>);
    return 'retry';
  }
}
