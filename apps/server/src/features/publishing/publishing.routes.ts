import {
  authorizeBodySchema,
  PublishingPath,
  postsQuerySchema,
  publishBodySchema,
  publishingIdBodySchema,
  publishingMessages,
} from '@dso/contract';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { requireUser } from '../../plugins/session';
import { sandboxCode } from '../../providers/publishing/sandbox';
import { renderAuthorizeError, renderAuthorizePage } from '../../providers/publishing/sandbox-pages';
import {
  callbackUrl,
  finishAuthorization,
  handleWebhook,
  listAccounts,
  refreshOwnAccount,
  resealStoredTokens,
  revokeAccount,
  startAuthorization,
} from './accounts.service';
import { MEDIA_UPLOAD_MAX_BYTES, storeMedia } from './media.service';
import { listPosts, publishPost, retryDelivery } from './posts.service';
import { useTokenKeys } from './token-sealing';

const callbackQuerySchema = z.object({
  code: z.string().max(512).optional(),
  state: z.string().max(128).optional(),
  error: z.string().max(256).optional(),
});

const sandboxPageQuerySchema = z.object({
  state: z.string().max(128).default(''),
  redirect_uri: z.string().max(1024).default(''),
});

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

/** Only this server's callback may receive a sandbox code: the page is no open redirect. */
function isOwnCallback(redirectUri: string): boolean {
  try {
    return new URL(redirectUri).pathname === PublishingPath.douyinCallback;
  } catch {
    return false;
  }
}

/** 账号授权 and 一键发布 (docs/publishing.md): login is needed for every call but the platform's return. */
export const publishingRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, { limits: { fileSize: MEDIA_UPLOAD_MAX_BYTES, files: 1, fields: 2 } });

  // OAuth tokens are sealed at rest under the configured key (token-sealing.ts). Rows written before
  // sealing, or under a key since rotated out, are resealed once the server is ready.
  useTokenKeys(app.config.tokenEncryption);
  app.addHook('onReady', async () => {
    const resealed = await resealStoredTokens(app.db);
    if (resealed > 0) app.log.info({ resealed }, 'publishing tokens sealed under the current key');
  });

  // Accounts ---------------------------------------------------------------------------------------

  app.get(PublishingPath.accounts, async (request) => ok(await listAccounts(app.db, requireUser(request), new Date())));

  app.post(PublishingPath.authorize, { schema: { body: authorizeBodySchema } }, async (request) =>
    ok(
      await startAuthorization({
        db: app.db,
        provider: app.providers.publishing,
        userId: requireUser(request),
        returnTo: request.body.return_to,
        redirectUri: callbackUrl(app.config.publicUrl, originOf(request)),
        now: new Date(),
      }),
    ),
  );

  app.get(PublishingPath.douyinCallback, { schema: { querystring: callbackQuerySchema } }, async (request, reply) => {
    const target = await finishAuthorization({
      db: app.db,
      provider: app.providers.publishing,
      ...request.query,
      now: new Date(),
    });
    return reply.header('cache-control', 'no-store').redirect(target, 302);
  });

  // Douyin's webhooks are signed over the raw body: a JSON parser of their own, in a scope of their own.
  await app.register(async (webhooks) => {
    webhooks.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_, body, done) =>
      done(null, body),
    );
    webhooks.post(PublishingPath.douyinWebhook, async (request, reply) => {
      const signature = request.headers['x-douyin-signature'];
      const answer = await handleWebhook(
        app.db,
        app.providers.publishing,
        typeof signature === 'string' ? signature : undefined,
        typeof request.body === 'string' ? request.body : '',
        new Date(),
      );
      return reply.status(answer.status).type('application/json').send(JSON.stringify(answer.body));
    });
  });

  app.post(PublishingPath.refresh, { schema: { body: publishingIdBodySchema } }, async (request) =>
    ok(
      await refreshOwnAccount(app.db, app.providers.publishing, requireUser(request), request.body.id, new Date()),
      publishingMessages.refreshed,
    ),
  );

  app.post(PublishingPath.revoke, { schema: { body: publishingIdBodySchema } }, async (request) => {
    await revokeAccount(app.db, requireUser(request), request.body.id, new Date());
    return ok(null, publishingMessages.revoked);
  });

  // Media and posts --------------------------------------------------------------------------------

  app.post(PublishingPath.media, async (request) => {
    const userId = requireUser(request);
    if (!request.isMultipart()) throw AppError.badRequest(publishingMessages.uploadForm);
    let part: Awaited<ReturnType<typeof request.file>>;
    try {
      part = await request.file();
    } catch {
      throw AppError.badRequest(publishingMessages.uploadForm);
    }
    if (!part) throw AppError.badRequest(publishingMessages.uploadForm);
    return ok(
      await storeMedia({ db: app.db, dataDir: app.config.dataDir, userId, fileName: part.filename, stream: part.file }),
    );
  });

  app.post(PublishingPath.publish, { schema: { body: publishBodySchema } }, async (request) =>
    ok(await publishPost(app.db, app.config.dataDir, requireUser(request), request.body), publishingMessages.published),
  );

  app.get(PublishingPath.posts, { schema: { querystring: postsQuerySchema } }, async (request) =>
    ok(await listPosts(app.db, requireUser(request), request.query)),
  );

  app.post(PublishingPath.retry, { schema: { body: publishingIdBodySchema } }, async (request) =>
    ok(await retryDelivery(app.db, requireUser(request), request.body.id, new Date()), publishingMessages.published),
  );

  // The sandbox's authorise page (PUBLISHING_PROVIDER=sandbox only, never in production) ---------

  if (app.providers.publishing.name !== 'sandbox' || app.config.env === 'production') return;

  // The page posts a plain HTML form; the parser lives only in this plugin.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_, body, done) => done(null, body),
  );

  app.get(
    PublishingPath.sandboxAuthorize,
    { schema: { querystring: sandboxPageQuerySchema } },
    async (request, reply) => {
      const { state, redirect_uri: redirectUri } = request.query;
      if (!state || !isOwnCallback(redirectUri)) {
        return sendPage(reply, 400, renderAuthorizeError('请回到 DSO 重新发起授权。'));
      }
      return sendPage(reply, 200, renderAuthorizePage(state, redirectUri));
    },
  );

  app.post(PublishingPath.sandboxAuthorize, async (request, reply) => {
    const form = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
    const state = form.get('state')?.trim() ?? '';
    const redirectUri = form.get('redirect_uri') ?? '';
    if (!state || !isOwnCallback(redirectUri)) {
      return sendPage(reply, 400, renderAuthorizeError('请回到 DSO 重新发起授权。'));
    }
    const target = new URL(redirectUri);
    target.searchParams.set('state', state);
    if (form.get('action') === 'cancel') target.searchParams.set('error', 'access_denied');
    else target.searchParams.set('code', sandboxCode(form.get('nickname')?.trim() || '抖音用户'));
    return reply.header('cache-control', 'no-store').redirect(target.toString(), 302);
  });
};
