import { ensureDefaultPackages, ensureDefaultPlans } from '../features/orders';
import { runCli } from './cli-kit';
import { ordersUsage, runOrdersCommand } from './orders-commands';

/**
 * `npm run orders -- <command>`: operators manage plans, coupons, membership cards and usage-count
 * packs in the configured database (DATABASE_URL, else PGlite under DATA_DIR). The commands are in
 * orders-commands.ts and docs/orders.md ("Operating: plans, coupons, cards, packs").
 */
await runCli(ordersUsage, async (db, args, print) => {
  // As `npm start` would: a fresh database gets the default price list and packs first, so an
  // operator's first change edits that list instead of replacing it with a single plan.
  await ensureDefaultPlans(db);
  await ensureDefaultPackages(db);
  return runOrdersCommand(db, args, print);
});
