import { parseArgs } from 'node:util';
import { platformSchema } from '@dso/contract';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { databaseTarget, openDatabase, queryRows } from '../db/client';
import { deriveScope } from '../features/keywords/derive/keyword-derive';
import { scopeLabel } from '../features/keywords/import/keyword-import.service';
import type { KeywordScope } from '../features/keywords/search/keyword-search.repository';

/**
 * `npm run derive -- [--platform DSO] [--country US]`: runs the keyword derive step (gram statistics,
 * industry medians, boards, correlation words) right now, for one library or, without options, for
 * every library that has keywords. The same work as the `keywords.derive` job.
 */
const { values } = parseArgs({
  options: { platform: { type: 'string' }, country: { type: 'string' }, top: { type: 'string' } },
});
const config = loadConfig();
const handle = await openDatabase(databaseTarget(config));
await handle.migrate();
let scopes: KeywordScope[];
if (values.platform) {
  const platform = platformSchema.parse(values.platform.toUpperCase());
  scopes = [{ platform, country: platform === 'TSO' ? (values.country ?? 'US').toUpperCase() : '' }];
} else {
  scopes = await queryRows<KeywordScope>(
    handle.db,
    sql`SELECT DISTINCT platform, country FROM keywords ORDER BY platform, country`,
  );
}
for (const scope of scopes) {
  const result = await deriveScope(handle.db, scope, {
    ...(values.top ? { correlationTop: Number(values.top) } : {}),
    log: (message, data) => console.log(message, JSON.stringify(data)),
  });
  console.log(`${scopeLabel(scope)}: ${result.asOf ?? '无数据'}，${result.ms} ms`);
}
await handle.close();
