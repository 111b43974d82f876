import { randomUUID } from 'node:crypto';
import { installChineseValidationMessages } from '@dso/contract';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyServerFactory, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { closureHooks } from './closure-hooks';
import type { AppConfig } from './config';
import { type Database, type DatabaseHandle, databaseTarget, openDatabase, openReadDatabase } from './db/client';
import { accountRoutes } from './features/account';
import { apiKeysRoutes } from './features/api-keys';
import { consoleRoutes } from './features/console';
import { copywritersRoutes } from './features/copywriters';
import { creatorsRoutes } from './features/creators';
import { demoImagesRoutes } from './features/demo-images';
import { distributionRoutes } from './features/distribution';
import { extractionRoutes } from './features/extraction';
import { favouritesRoutes } from './features/favourites';
import { ensureFriendLinks, frameRoutes } from './features/frame';
import { imageTextRoutes } from './features/image-text';
import { keywordPicksRoutes } from './features/keyword-picks';
import { ensureCountries, keywordsRoutes } from './features/keywords';
import { legalRoutes } from './features/legal';
import { liveRoutes } from './features/live';
import { liveReplayRoutes } from './features/live-replay';
import { mcpRoutes } from './features/mcp';
import { mindMapRoutes } from './features/mind-map';
import { monitorAlertRoutes, monitoringRoutes } from './features/monitoring';
import { openApiRoutes } from './features/open-api';
import { ensureDefaultPackages, ensureDefaultPlans, ordersRoutes } from './features/orders';
import { ensurePermissionConfig, permissionsRoutes } from './features/permissions';
import { publishingRoutes } from './features/publishing';
import { topicsRoutes } from './features/topics';
import { videosRoutes } from './features/videos';
import { ensureDefaultWritingTemplates, writingRoutes } from './features/writing';
import { maskedLogger } from './lib/log-masking';
import type { RateLimitStore } from './lib/rate-limit';
import { registerRequestContext } from './lib/request-context';
import { registerDraining } from './plugins/draining';
import { registerErrorHandling } from './plugins/error-handler';
import { type HealthOptions, registerHealth } from './plugins/health';
import { countOutsideCalls, createAppMetrics, registerMetrics } from './plugins/metrics';
import { registerRequestLimits } from './plugins/request-limits';
import { type ApiRouteIndex, createApiRouteIndex } from './plugins/request-path';
import { registerSessions } from './plugins/session';
import { registerSigning } from './plugins/signing';
import { answerFrameworkError, registerInputGuard } from './plugins/validation';
import { registerMaps, registerWebApp } from './plugins/web-app';
import { createProviders, type Providers } from './providers';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** The heavy library reads (search, lists, boards): READ_DATABASE_URL's replica, else `db` itself. */
    readDb: Database;
    config: AppConfig;
    providers: Providers;
    /** The registered `/api` routes; they also give every request its canonical path. */
    apiRoutes: ApiRouteIndex;
  }
  interface FastifyRequest {
    /** The signed-in user's id, set by the session layer; null for visitors. */
    userId: number | null;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  /** An already-open database (tests share one per suite); otherwise opened from the config. */
  database?: DatabaseHandle;
  /** The clock used for signature windows (tests move it). */
  now?: () => number;
  /** Pino options; false silences logs (tests). */
  logger?: boolean | Record<string, unknown>;
  /** Replaces providers (tests point real adapters at fake vendor servers). */
  providers?: Partial<Providers>;
  /** Where request limits count (tests give instances one Redis store with a prefix of their own). */
  requestLimitStore?: RateLimitStore;
  /** Sees every route as it is added, schema included (the route fuzz test sends input to each). */
  onRoute?: (route: RouteOptions) => void;
  /** A server to answer on instead of one of its own (a first start's listener, already listening). */
  serverFactory?: FastifyServerFactory;
  /** What `/readyz` checks against (tests name a migration the database lacks). */
  health?: HealthOptions;
}

/** Builds the whole server: used by `npm start`, by the route tests and by the benchmarks. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  installChineseValidationMessages();
  const apiRoutes = createApiRouteIndex();
  const app = Fastify({
    logger: maskedLogger(options.logger ?? { level: config.logLevel }),
    // One canonical path for the router and every hook (plugins/request-path.ts).
    rewriteUrl: (request) => apiRoutes.canonicalUrl(request.url ?? '/'),
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    // Only named proxies may set the client address: per-address limits depend on it.
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
    bodyLimit: 2 * 1024 * 1024,
    frameworkErrors: answerFrameworkError,
    ...(options.serverFactory ? { serverFactory: options.serverFactory } : {}),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = options.database ?? (await openDatabase(databaseTarget(config)));
  if (!options.database) {
    await database.migrate();
    app.addHook('onClose', () => database.close());
  }
  app.decorate('db', database.db);
  const reads = await openReadDatabase(config.readDatabaseUrl, database.db);
  app.addHook('onClose', () => reads.close());
  app.decorate('readDb', reads.db);
  app.decorate('config', config);
  // Made only when METRICS_TOKEN is set; the outside calls are counted around the providers.
  const metrics = createAppMetrics(config);
  app.decorate(
    'providers',
    countOutsideCalls(metrics, config, {
      ...createProviders({ config, db: database.db, log: app.log }),
      ...options.providers,
    }),
  );
  app.decorateRequest('userId', null);
  await ensureReferenceData(database.db);

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.addHook('onRoute', apiRoutes.track);
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerRequestContext(app);
  registerErrorHandling(app, apiRoutes);
  registerDraining(app);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: contentSecurityPolicy(app.providers.captcha.pageOrigins),
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyCookie);
  registerSigning(app, options.now ? { now: options.now } : {});
  // After signing, before the session lookup: refused requests never reach the database.
  registerRequestLimits(app, {
    store: options.requestLimitStore,
    ...(metrics ? { onRefusal: (reason) => metrics.countLimitRefusal(reason) } : {}),
  });
  registerSessions(app);
  registerInputGuard(app);
  // Outside /api: no signature, session or request limit applies to them.
  registerHealth(app, options.health);
  registerMetrics(app, metrics);

  await app.register(frameRoutes);
  await app.register(legalRoutes);
  await app.register(accountRoutes, { closure: closureHooks });
  await app.register(permissionsRoutes);
  await app.register(apiKeysRoutes);
  await app.register(keywordsRoutes);
  await app.register(ordersRoutes);
  await app.register(videosRoutes);
  await app.register(creatorsRoutes);
  await app.register(demoImagesRoutes);
  await app.register(favouritesRoutes);
  await app.register(liveRoutes);
  await app.register(topicsRoutes);
  await app.register(writingRoutes);
  await app.register(extractionRoutes);
  await app.register(imageTextRoutes);
  await app.register(publishingRoutes);
  await app.register(distributionRoutes);
  await app.register(copywritersRoutes);
  await app.register(keywordPicksRoutes);
  await app.register(mindMapRoutes);
  await app.register(liveReplayRoutes);
  await app.register(monitoringRoutes);
  await app.register(monitorAlertRoutes);
  await app.register(mcpRoutes);
  await app.register(consoleRoutes);
  await app.register(openApiRoutes);
  await registerMaps(app);
  if (config.webDist) await registerWebApp(app, config.webDist);
  return app;
}

/** `widgetOrigins`: a vendor captcha's script, frame and call origins (empty for the built-in slider). */
function contentSecurityPolicy(widgetOrigins: readonly string[]) {
  return {
    directives: {
      defaultSrc: ["'self'"],
      // antd writes its styles at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      connectSrc: ["'self'", ...widgetOrigins],
      scriptSrc: ["'self'", ...widgetOrigins],
      frameSrc: ["'self'", ...widgetOrigins],
      upgradeInsecureRequests: null,
    },
  };
}

/** Configuration every installation needs, written idempotently at each start. */
async function ensureReferenceData(db: Database) {
  await ensurePermissionConfig(db);
  await ensureFriendLinks(db);
  await ensureCountries(db);
  await ensureDefaultPlans(db);
  await ensureDefaultPackages(db);
  await ensureDefaultWritingTemplates(db);
}
