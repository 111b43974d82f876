import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { connect } from 'node:net';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { CLIENT_VERSION, identityHash, KeywordPath, SignHeader, signRequest } from '@dso/contract';
import { openDatabase } from '@dso/server/db';
import { createUser, loginAs } from '@dso/server/testing';
import pg from 'pg';
import { percentiles, printTable } from './lib/load';
import { zipfSearches } from './lib/zipf';

/**
 * The production topology of scripts/topology.sh (docs/scale.md, "Running the topology") under load, through HAProxy:
 *
 * 1. Search throughput with 1, 2 and 3 API instances in service (the others put in maintenance through HAProxy's
 *    admin socket), a Zipf mix of the library's head terms, their first characters and sampled long tails, most
 *    searched first; request limits off, so that what is measured is the instances, not one client's allowance.
 * 2. Failover: members' searches (each one charges a unit of the daily search count; HAProxy gives each its request id) run
 *    through HAProxy while one instance is killed with SIGKILL; it prints every answer by HTTP status and envelope
 *    code, the usage ledger's rows against the answered searches (no request id twice), and how long after the kill
 *    HAProxy marked the instance down and last sent a request to it.
 *
 * BENCH_TOPOLOGY_DIR (/tmp/dso-topology-bench), BENCH_TOPOLOGY_PORT (19080; PostgreSQL on 19432/19433, Redis on
 * 19379), BENCH_TOPOLOGY_KEYWORDS (100000, seeded once and kept between runs), BENCH_TOPOLOGY_REQUESTS (4000 per
 * instance count), BENCH_TOPOLOGY_CONCURRENCY (48), BENCH_TOPOLOGY_FAILOVER_SECONDS (10, the kill at 3 s).
 * The topology is stopped at the end (`scripts/topology.sh down`); its data stays for the next run.
 */

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const script = path.join(root, 'scripts', 'topology.sh');
const DIR = process.env.BENCH_TOPOLOGY_DIR ?? '/tmp/dso-topology-bench';
const LB_PORT = Number(process.env.BENCH_TOPOLOGY_PORT ?? 19080);
const PG_PORT = LB_PORT + 352;
const REQUESTS = Number(process.env.BENCH_TOPOLOGY_REQUESTS ?? 4_000);
const CONCURRENCY = Number(process.env.BENCH_TOPOLOGY_CONCURRENCY ?? 48);
const FAILOVER_SECONDS = Number(process.env.BENCH_TOPOLOGY_FAILOVER_SECONDS ?? 10);
const KILL_AT_SECONDS = 3;
const INSTANCES = ['api1', 'api2', 'api3'] as const;
const SEARCH_COUNT = 'KEYWORD_LIBRARY_SEARCH_COUNT_DAY';
/** Searches a FREE member may make a day (the default permission configuration). */
const FREE_SEARCHES = 10;

const topologyEnv = {
  ...process.env,
  TOPOLOGY_DIR: DIR,
  TOPOLOGY_PORT: String(LB_PORT),
  TOPOLOGY_PG_PORT: String(PG_PORT),
  TOPOLOGY_REPLICA_PORT: String(PG_PORT + 1),
  TOPOLOGY_REDIS_PORT: String(LB_PORT + 299),
  TOPOLOGY_KEYWORDS: process.env.BENCH_TOPOLOGY_KEYWORDS ?? '100000',
  REQUEST_LIMITS: 'false',
  LOG_LEVEL: 'warn',
};
const topology = (command: string) =>
  run('bash', [script, command], { env: topologyEnv, timeout: 15 * 60_000, maxBuffer: 16 * 1024 * 1024 });
const primaryUrl = `postgres://postgres@127.0.0.1:${PG_PORT}/dso`;

export async function benchTopology() {
  console.log(`\n# Topology: HAProxy on :${LB_PORT}, three API instances, two workers, primary + replica, Redis`);
  const started = await topology('up');
  process.stdout.write(started.stdout.replace(/^/gm, '  '));
  try {
    const words = await zipfSearches(primaryUrl);
    await scaling(words);
    await failover(words);
  } finally {
    await topology('down').catch((error: unknown) => console.error('topology down failed', error));
  }
}

/** One answer through the load balancer: its HTTP status, its envelope code (or null), and how long it took. */
interface Answer {
  status: number;
  code: number | null;
  ms: number;
  /** The request id the API answered with (HAProxy gives every request its own), null without an answer. */
  requestId: string | null;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
const he = identityHash('bench-topology');

function search(keyword: string, options: { token?: string } = {}): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const parts = signRequest(KeywordPath.search, Date.now(), he);
    const body = JSON.stringify({ platform: 'DSO', keyword, page_size: 20 });
    const headers: Record<string, string | number> = {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      [SignHeader.VERSION]: CLIENT_VERSION,
    };
    if (options.token) headers.authorization = options.token;
    const done = (status: number, code: number | null, requestId: string | null = null) =>
      resolve({ status, code, ms: performance.now() - started, requestId });
    const request = http.request(
      `http://127.0.0.1:${LB_PORT}${KeywordPath.search}?ts=${parts.ts}&he=${parts.he}&sign=${parts.sign}`,
      { method: 'POST', agent, headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          let code: number | null = null;
          try {
            code = (JSON.parse(Buffer.concat(chunks).toString()) as { code: number }).code;
          } catch {}
          const id = response.headers['x-request-id'];
          done(response.statusCode ?? 0, code, typeof id === 'string' ? id : null);
        });
        response.on('error', () => done(response.statusCode ?? 0, null));
      },
    );
    request.on('error', () => done(-1, null));
    request.end(body);
  });
}

/** The machine's 1-minute load average: other work on the shared cores shows in the figures. */
function loadAverage(): string {
  return (loadavg()[0] ?? 0).toFixed(1);
}

/** A command to HAProxy's admin socket (run/haproxy.sock), its answer as text. */
function haproxyCommand(command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(path.join(DIR, 'run', 'haproxy.sock'));
    const chunks: Buffer[] = [];
    socket.on('connect', () => socket.end(`${command}\n`));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString()));
    socket.on('error', reject);
  });
}

/** Each API instance's status in HAProxy (UP, DOWN, MAINT, ...) from `show stat`. */
async function instanceStates(): Promise<Record<string, string>> {
  return Object.fromEntries(Object.entries(await instanceStats()).map(([name, stat]) => [name, stat.status]));
}

/** Each API instance's status and the requests HAProxy has sent it so far (`stot`, `show stat`). */
async function instanceStats(): Promise<Record<string, { status: string; sent: number }>> {
  const lines = (await haproxyCommand('show stat')).split('\n');
  const header = (lines[0] ?? '').replace(/^# /, '').split(',');
  const [name, status, sent] = ['svname', 'status', 'stot'].map((column) => header.indexOf(column));
  const stats: Record<string, { status: string; sent: number }> = {};
  for (const line of lines.slice(1)) {
    const fields = line.split(',');
    if (fields[0] === 'api' && INSTANCES.includes(fields[name ?? -1] as (typeof INSTANCES)[number])) {
      stats[fields[name ?? -1] ?? ''] = { status: fields[status ?? -1] ?? '', sent: Number(fields[sent ?? -1]) };
    }
  }
  return stats;
}

/** The backend's requests HAProxy sent again (`wretr`) and sent again to another instance (`wredis`). */
async function backendRetries(): Promise<{ retried: number; redispatched: number }> {
  const lines = (await haproxyCommand('show stat')).split('\n');
  const header = (lines[0] ?? '').replace(/^# /, '').split(',');
  const row = lines.map((line) => line.split(',')).find((fields) => fields[0] === 'api' && fields[1] === 'BACKEND');
  const value = (column: string) => Number(row?.[header.indexOf(column)] || 0);
  return { retried: value('wretr'), redispatched: value('wredis') };
}

async function waitForStates(want: (states: Record<string, string>) => boolean, what: string) {
  const deadline = Date.now() + 30_000;
  while (!want(await instanceStates())) {
    if (Date.now() > deadline)
      throw new Error(`HAProxy: ${what} not reached within 30 s: ${JSON.stringify(await instanceStates())}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Puts the first `count` instances in service and the others in maintenance. */
async function serveWith(count: number) {
  for (const [index, name] of INSTANCES.entries()) {
    await haproxyCommand(`${index < count ? 'enable' : 'disable'} server api/${name}`);
  }
  await waitForStates(
    (states) => INSTANCES.every((name, index) => (index < count ? states[name] === 'UP' : states[name] === 'MAINT')),
    `${count} instance(s) in service`,
  );
}

async function load(words: string[], total: number) {
  let next = 0;
  const answers: Answer[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < total) {
        const index = next++;
        answers.push(await search(words[index % words.length] ?? ''));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { answers, seconds, perSecond: total / seconds };
}

function outcomeOf(answer: Answer): string {
  return `HTTP ${answer.status === -1 ? 'none (connection error)' : answer.status}, code ${answer.code ?? '-'}`;
}

/** Answers counted by outcome, e.g. `HTTP 503, code 650: 12`. */
function outcomes(answers: Answer[]): string {
  const counts = new Map<string, number>();
  for (const answer of answers) counts.set(outcomeOf(answer), (counts.get(outcomeOf(answer)) ?? 0) + 1);
  return [...counts].map(([outcome, count]) => `${outcome}: ${count}`).join('; ');
}

async function scaling(words: string[]) {
  const rows: Array<Record<string, string | number>> = [];
  const loadBefore = loadAverage();
  let single = 0;
  for (const count of [1, 2, 3]) {
    await serveWith(count);
    await load(words.slice(count * 1_000), 500);
    const { answers, seconds, perSecond } = await load(words, REQUESTS);
    if (count === 1) single = perSecond;
    const { p50Ms, p95Ms } = percentiles(answers.map((answer) => answer.ms));
    rows.push({
      instances: count,
      requests: REQUESTS,
      seconds: Number(seconds.toFixed(1)),
      'searches/s': Math.round(perSecond),
      'ratio to 1': Number((perSecond / single).toFixed(2)),
      'p50 ms': Number(p50Ms.toFixed(1)),
      'p95 ms': Number(p95Ms.toFixed(1)),
      'not 200/200': outcomes(answers.filter((answer) => answer.status !== 200 || answer.code !== 200)) || 0,
    });
  }
  printTable(
    `Search throughput through HAProxy, ${CONCURRENCY} connections, Zipf mix, request limits off (${cpus().length} cores shared by the load generator, HAProxy, the instances, both PostgreSQL clusters and Redis; load average before ${loadBefore}, after ${loadAverage()})`,
    rows,
  );
}

async function failover(words: string[]) {
  await serveWith(3);
  const database = await openDatabase({ url: primaryUrl });
  const members: Array<{ id: number; token: string; left: number }> = [];
  try {
    const needed = Math.ceil((FAILOVER_SECONDS * 600) / FREE_SEARCHES);
    for (let index = 0; index < needed; index++) {
      const user = await createUser(database.db, { grade: 'FREE' });
      members.push({ id: user.id, token: await loginAs(database.db, user.id), left: FREE_SEARCHES });
    }
  } finally {
    await database.close();
  }

  const victim = 'api2';
  const victimPid = Number(readFileSync(path.join(DIR, 'run', `${victim}.pid`), 'utf8'));
  const answers: Array<Answer & { sentAt: number }> = [];
  let killedAt = 0;
  let markedDownAt = 0;
  let lastSentAt = 0;
  const started = performance.now();
  const stopAt = started + FAILOVER_SECONDS * 1000;
  const watcher = (async () => {
    await new Promise((resolve) => setTimeout(resolve, KILL_AT_SECONDS * 1000));
    let sent = (await instanceStats())[victim]?.sent ?? 0;
    process.kill(victimPid, 'SIGKILL');
    killedAt = performance.now();
    while (performance.now() < stopAt) {
      const stat = (await instanceStats())[victim];
      const now = performance.now();
      if (!markedDownAt && stat?.status.startsWith('DOWN')) markedDownAt = now;
      // A request (or a connection attempt) HAProxy gave the dead instance after the kill.
      if (stat && stat.sent > sent) {
        sent = stat.sent;
        lastSentAt = now;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  let member = 0;
  let wordIndex = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < stopAt) {
        const who = members[member % members.length];
        if (!who || who.left === 0) break;
        member++;
        who.left--;
        const sentAt = performance.now();
        const answer = await search(words[wordIndex++ % words.length] ?? '', { token: who.token });
        answers.push({ ...answer, sentAt });
      }
    }),
  );
  await watcher;

  const byOutcome = new Map<string, number>();
  for (const answer of answers) byOutcome.set(outcomeOf(answer), (byOutcome.get(outcomeOf(answer)) ?? 0) + 1);
  const failed = answers.filter((answer) => answer.status !== 200 || answer.code !== 200);
  const failedBefore = failed.filter((answer) => answer.sentAt < killedAt).length;

  const client = new pg.Client({ connectionString: primaryUrl });
  await client.connect();
  let ledger: Array<{ request_id: string | null; units: number }>;
  try {
    ledger = (
      await client.query<{ request_id: string | null; units: number }>(
        'SELECT request_id, sum(amount)::int AS units FROM usage_ledger WHERE user_id = ANY($1::bigint[]) AND alias = $2 GROUP BY request_id',
        [members.map((entry) => entry.id), SEARCH_COUNT],
      )
    ).rows;
  } finally {
    await client.end();
  }
  const answered = new Set(
    answers.filter((answer) => answer.status === 200 && answer.code === 200).map((a) => a.requestId ?? ''),
  );
  const balancer = await backendRetries();
  const chargedIds = ledger.filter((row) => row.units > 0);
  const chargedTwice = ledger.filter((row) => row.units > 1 || row.request_id === null).length;
  const chargedUnanswered = chargedIds.filter((row) => !answered.has(row.request_id ?? '')).length;
  const answeredUncharged = [...answered].filter((id) => !chargedIds.some((row) => row.request_id === id)).length;

  printTable(
    `Failover: ${answers.length} members' searches in ${FAILOVER_SECONDS} s through HAProxy, ${victim} killed (SIGKILL) at ${KILL_AT_SECONDS} s (load average ${loadAverage()})`,
    [...byOutcome].map(([outcome, count]) => ({ outcome, count })),
  );
  printTable('Failover: charges and the balancer', [
    { figure: 'searches answered 200/200', value: answered.size },
    { figure: 'usage ledger: request ids charged', value: chargedIds.length },
    { figure: 'usage ledger: request ids charged more than once (or without an id)', value: chargedTwice },
    { figure: 'charged but not answered 200 (in flight on the killed instance)', value: chargedUnanswered },
    { figure: 'answered 200 but not charged', value: answeredUncharged },
    {
      figure: 'seconds from the kill to HAProxy marking it DOWN',
      value: markedDownAt ? Number(((markedDownAt - killedAt) / 1000).toFixed(2)) : 'not within the run',
    },
    {
      figure: 'seconds from the kill to the last request HAProxy gave the dead instance (50 ms polls)',
      value: lastSentAt ? Number(((lastSentAt - killedAt) / 1000).toFixed(2)) : 'none after the kill',
    },
    {
      figure: 'requests HAProxy sent again (wretr) / to another instance (wredis)',
      value: `${balancer.retried} / ${balancer.redispatched}`,
    },
    { figure: 'failed requests sent before the kill (in flight on the killed instance)', value: failedBefore },
    { figure: 'failed requests sent after the kill', value: failed.length - failedBefore },
  ]);
  // The killed instance back in service, as `up` does after a crash (idempotent: only the missing process starts).
  await topology('up');
}
