import pino from 'pino';
import { loadConfig } from '../config';
import { createRateLimitStore } from '../lib/rate-limit';
import { createProviders } from '../providers';
import { runCli } from './cli-kit';
import { collectUsage, runCollectCommand } from './collect-commands';

/**
 * `npm run collect -- status | run <collection>`: scheduled collection as the operator sees it (docs/collection.md),
 * on the configured database and providers.
 */
await runCli(collectUsage, async (db, args, print) => {
  const config = loadConfig();
  const log = pino({ level: config.logLevel, name: 'collect' });
  const providers = createProviders({ config, db, log });
  const paceStore = createRateLimitStore({ redisUrl: config.redisUrl });
  try {
    return await runCollectCommand(db, args, print, {
      config,
      log,
      platformData: providers.platformData,
      hotList: providers.hotList,
      limits: config.collection.limits,
      paceStore,
    });
  } finally {
    await paceStore.close();
  }
});
