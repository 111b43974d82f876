import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { ensureDefaultPackages, ensureDefaultPlans } from '../features/orders';
import { CliError, ordersUsage, runOrdersCommand } from './orders-commands';

/**
 * `npm run orders -- <command>`: operators manage plans, coupons, membership cards and usage-count
 * packs in the configured database (DATABASE_URL, else PGlite under DATA_DIR). The commands are in
 * orders-commands.ts and docs/orders.md ("Operating: plans, coupons, cards, packs").
 */
const args = process.argv.slice(2);
if (args.length === 0 || args.includes('--help') || args[0] === 'help') {
  console.log(ordersUsage);
} else {
  const config = loadConfig();
  const handle = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
  try {
    await handle.migrate();
    // As `npm start` would: a fresh database gets the default price list and packs first, so an
    // operator's first change edits that list instead of replacing it with a single plan.
    await ensureDefaultPlans(handle.db);
    await ensureDefaultPackages(handle.db);
    await runOrdersCommand(handle.db, args, (line) => console.log(line));
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  } finally {
    await handle.close();
  }
}
