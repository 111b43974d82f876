import { CLIENT_VERSION, identityHash, KeywordPath, SignHeader, signRequest } from '@dso/contract';

/**
 * The smoke test of scripts/container-check.sh against a server at CONTAINER_CHECK_URL: readiness, liveness, the site's
 * page, then visitor searches once the demo data is prepared (the API answers 650 until then). Exits 1 on any failure.
 */
const base = process.env.CONTAINER_CHECK_URL ?? 'http://127.0.0.1:18556';
const PREPARE_WITHIN_MS = 15 * 60_000;

function fail(message: string): never {
  console.error(`[container-smoke] ${message}`);
  process.exit(1);
}

async function waitFor(what: string, check: () => Promise<boolean>) {
  const started = Date.now();
  while (!(await check().catch(() => false))) {
    if (Date.now() - started > PREPARE_WITHIN_MS) fail(`${what}: not within ${PREPARE_WITHIN_MS / 60_000} minutes`);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  return Math.round((Date.now() - started) / 1000);
}

interface SearchAnswer {
  code: number;
  data?: { total_record: number; result: Array<{ keyword: string }> };
}

async function search(keyword: string): Promise<SearchAnswer> {
  const parts = signRequest(KeywordPath.search, Date.now(), identityHash('container-smoke'));
  const response = await fetch(`${base}${KeywordPath.search}?ts=${parts.ts}&he=${parts.he}&sign=${parts.sign}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SignHeader.VERSION]: CLIENT_VERSION },
    body: JSON.stringify({ platform: 'DSO', keyword, page_size: 20 }),
  });
  return (await response.json()) as SearchAnswer;
}

const readySeconds = await waitFor('/readyz 200', async () => (await fetch(`${base}/readyz`)).status === 200);
console.log(`[container-smoke] /readyz 200 after ${readySeconds} s`);
if ((await fetch(`${base}/healthz`)).status !== 200) fail('/healthz did not answer 200');
const page = await fetch(`${base}/`);
const title = /<title>([^<]*)<\/title>/.exec(await page.text())?.[1];
if (page.status !== 200 || !title) fail(`the site's page: HTTP ${page.status}, title ${title}`);
console.log(`[container-smoke] / 200: ${title}`);
const preparedSeconds = await waitFor('the demo data', async () => (await search('口红')).code === 200);
console.log(`[container-smoke] demo data ready after ${preparedSeconds} s`);
for (const keyword of ['口红', '减肥', '露营']) {
  const answer = await search(keyword);
  const rows = answer.data?.result ?? [];
  if (answer.code !== 200 || rows.length === 0) fail(`search ${keyword}: code ${answer.code}, ${rows.length} rows`);
  const shown = rows
    .slice(0, 3)
    .map((row) => row.keyword)
    .join('、');
  console.log(`[container-smoke] search ${keyword}: ${answer.data?.total_record} matches, first ${shown}`);
}
