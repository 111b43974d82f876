import {
  type AuthorizedAccount,
  type AuthorizedAccounts,
  type AuthorizeResult,
  type authorizeReturnPaths,
  type Delivery,
  type DistributionLeadBody,
  DistributionPath,
  type ImageTextList,
  ImageTextPath,
  imageTextLimits,
  type Post,
  type PostPage,
  type PublishBody,
  type PublishingMedia,
  PublishingPath,
} from '@dso/contract';
import { queryOptions } from '@tanstack/react-query';
import { request, requestUpload } from '../../../lib/api/client';
import { getQuery } from '../../../lib/api/get-query';
import { pageQuery } from '../../../lib/api/page-query';

/** Query keys of one-key publishing. */
export const publishingKeys = {
  all: ['publishing'] as const,
  accounts: ['publishing', 'accounts'] as const,
  posts: (page: number, size: number) => ['publishing', 'posts', page, size] as const,
};

/** `GET /api/publishing/accounts`: the authorised accounts and AUTH_TIKTOK_COUNT. */
export const accountsQuery = () => getQuery<AuthorizedAccounts>(publishingKeys.accounts, PublishingPath.accounts);

export type AuthorizeReturnPath = (typeof authorizeReturnPaths)[number];

/** `POST /api/publishing/authorize`: where to send the browser to authorise an account. */
export function startAuthorization(returnTo: AuthorizeReturnPath) {
  return request<AuthorizeResult>(PublishingPath.authorize, { method: 'POST', body: { return_to: returnTo } });
}

export function refreshAccount(id: number) {
  return request<AuthorizedAccount>(PublishingPath.refresh, { method: 'POST', body: { id } });
}

export function revokeAccount(id: number) {
  return request<null>(PublishingPath.revoke, { method: 'POST', body: { id } });
}

/** `POST /api/publishing/media`: one video or image, with upload progress. */
export function uploadMedia(file: File, onProgress?: (percent: number) => void) {
  const form = new FormData();
  form.append('file', file, file.name);
  return requestUpload<PublishingMedia>(PublishingPath.media, form, onProgress ? { onProgress } : {});
}

export function publishPost(body: PublishBody) {
  return request<Post>(PublishingPath.publish, { method: 'POST', body });
}

/** The user's posts; asked again every 3 s while a delivery is still under way. */
export const postsQuery = (page: number, size: number) =>
  pageQuery<PostPage>({
    queryKey: publishingKeys.posts(page, size),
    path: PublishingPath.posts,
    page,
    size,
    poll: {
      ms: 3_000,
      while: (posts) =>
        posts.list.some((post) =>
          post.deliveries.some((delivery) => delivery.status === 'queued' || delivery.status === 'publishing'),
        ),
    },
  });

/** The user's AI 图文 works (newest first) to choose one to publish; only done ones can be. */
export const imageTextWorksQuery = () =>
  queryOptions({
    queryKey: [...publishingKeys.all, 'image-text-works'] as const,
    queryFn: ({ signal }) =>
      request<ImageTextList>(ImageTextPath.works, {
        query: { page_no: 1, page_size: imageTextLimits.pageSizeMax },
        signal,
      }),
  });

export function retryDelivery(id: number) {
  return request<Delivery>(PublishingPath.retry, { method: 'POST', body: { id } });
}

/** `POST /api/distribution/lead`: the /distribution contact form. */
export function sendDistributionLead(body: DistributionLeadBody) {
  return request<null>(DistributionPath.lead, { method: 'POST', body });
}
