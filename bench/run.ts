import { benchFairness } from './fairness.bench';
import { benchFrame } from './frame.bench';
import { benchImport } from './import.bench';
import { benchKeywords, benchKeywordsPglite } from './keywords.bench';
import { benchOrders } from './orders.bench';
import { benchWeb } from './web.bench';

// Benchmarks run one after another so they do not compete for the two cores. BENCH=frame,keywords,pglite,fairness,orders,web picks some.
const selected = new Set((process.env.BENCH ?? 'frame,keywords,pglite,fairness,orders,web').split(','));
if (selected.has('frame')) await benchFrame();
if (selected.has('keywords')) await benchKeywords();
if (selected.has('pglite')) await benchKeywordsPglite();
if (selected.has('fairness')) await benchFairness();
if (selected.has('orders')) await benchOrders();
// Only when asked for (BENCH=import; about ten minutes on PGlite): another user's user/info during large imports.
if (selected.has('import')) await benchImport();
if (selected.has('web')) await benchWeb();
// Only when asked for (BENCH=memory; a few minutes): the embedded server's resident memory on a first run and a restart.
if (selected.has('memory')) await (await import('./memory.bench')).benchMemory();
// Only when asked for (BENCH=videos; the first run seeds 5M videos, 500k creators, ~20M comments, most of an hour and more on 2 cores):
// the creator library, video title search and video detail calls on PostgreSQL.
if (selected.has('videos')) await (await import('./videos.bench')).benchVideos();
// Only when asked for (BENCH=ai; about a minute, needs ffmpeg): AI 创作's first-token overhead and 100 concurrent
// streams against a fake streaming model, and a 100-video batch extraction against a fake speech service.
if (selected.has('ai')) await (await import('./ai.bench')).benchAi();
// Only when asked for (BENCH=monitoring; PostgreSQL, several minutes): a daily rank-check round over 100,000 items
// by two worker processes, and the dashboard over a year of history for 3,000 items.
if (selected.has('monitoring')) await (await import('./monitoring.bench')).benchMonitoring();
// Only when asked for (BENCH=realism; seeds the first-run library on PGlite and 100,000 videos on PostgreSQL, several
// minutes): how real the demo looks: title forms, comment dates, portraits, 蓝海 board, keyword links, sandbox writing.
if (selected.has('realism')) await (await import('./realism.bench')).benchRealism();
// Only when asked for (BENCH=collection; a 100,000-word library, then a round of 100,000 下拉词 calls at 500 a second,
// about five minutes): scheduled collection's pace against the limit and another member's user/info meanwhile.
if (selected.has('collection')) await (await import('./collection.bench')).benchCollection();
// Only when asked for (BENCH=firststart; the full first-run seed on PGlite, then on a fresh PostgreSQL database, several
// minutes; DEMO_SCALE=0.1 for a quick look): time to the first answer and to the real API of `npm start`'s first start.
if (selected.has('firststart')) await (await import('./firststart.bench')).benchFirstStart();
// Only when asked for (BENCH=topology; scripts/topology.sh's HAProxy, three API instances, two workers, a PostgreSQL
// primary and replica and Redis, a few minutes with its first seed): search throughput with 1, 2 and 3 instances
// through the balancer, and one instance killed under load (answers by code, charges, seconds until it is out).
// Only when asked for (BENCH=open-api; a 5,000-word library on PGlite, a minute or two): open keyword search per API key
// over HTTP with the limits on: a key's admitted calls/s until its per-minute limit, the refusals beyond it, units charged.
if (selected.has('open-api')) await (await import('./open-api.bench')).benchOpenApi();
if (selected.has('topology')) await (await import('./topology.bench')).benchTopology();
// Only when asked for (BENCH=derive; PostgreSQL, the keyword benchmark's 10M library, seeded by BENCH=keywords): the
// derive of what changed after a round of 10,000 changed words (BENCH_CHANGED), and how long writing them took.
if (selected.has('derive')) await (await import('./derive.bench')).benchDerive();
