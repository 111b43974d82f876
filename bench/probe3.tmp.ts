import { openDatabase } from '@dso/server/db';
import { selectSuggestions } from '@dso/server/keywords/search';
const handle = await openDatabase({ url: 'postgres://postgres@127.0.0.1:5432/dso_bench' });
const dso = { platform: 'DSO', country: '' } as const;
for (const p of process.argv.slice(2)) {
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    const r = await selectSuggestions(handle.db, dso, p, 10);
    if (i === 2) console.log(p, (performance.now() - t0).toFixed(1), r.slice(0, 3).join(','));
  }
}
await handle.close();
