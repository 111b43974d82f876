import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import { CLIENT_VERSION, encodeSignHeader, identityHash, OrderPath, SignHeader, signRequest } from '@dso/contract';
import pg from 'pg';
import { percentiles, printTable } from './lib/load';

/**
 * The pay box's server side under load (Proof): `order/preview_order`, the QR calls, and
 * `pay_result` polled at 500 requests/s over 1,000 open orders (each order every 2 s, as the page
 * polls), over real HTTP against the server in its own process, every request signed and carrying
 * its user's session, each user from an address of its own (request limits on at their defaults).
 * The load is open-loop: requests leave on a fixed schedule whatever the answers do, so a slow
 * server shows as latency rather than as a lower sending rate. pay_result is measured twice: on
 * fresh orders (one indexed read) and on orders older than 30 s (which also ask the vendor, here the
 * sandbox, every 15 s per order).
 *
 * BENCH_ORDERS_DATABASES (pglite,postgres), BENCH_ORDERS_USERS (1000 open orders),
 * BENCH_ORDERS_RATE (500 pay_result/s), BENCH_ORDERS_SECONDS (20 per pay_result phase),
 * BENCH_ORDERS_PREVIEW_RATE (100 previews/s); BENCH_VERBOSE=1 prints each second's p95, BENCH_CPU_PROF=<folder> profiles the server. PostgreSQL: a fresh database on 127.0.0.1, dropped
 * afterwards (or BENCH_ORDERS_DATABASE_URL, used as is).
 */
export async function benchOrders() {
  const databases = (process.env.BENCH_ORDERS_DATABASES ?? 'pglite,postgres').split(',');
  const rows: Array<Record<string, string | number>> = [];
  for (const kind of databases) {
    const target = kind === 'postgres' ? await postgresTarget() : null;
    try {
      rows.push(...(await measureServer(target?.url)));
    } finally {
      await target?.drop();
    }
  }
  printTable('Orders: preview, QR and pay_result over HTTP, open-loop load (ms)', rows);
}

interface ServerInfo {
  url: string;
  tokens: string[];
  kind: string;
}

/** How many of the first previews warm the server up and are left out of the figures. */
const PREVIEW_WARMUP = 100;

async function measureServer(databaseUrl: string | undefined) {
  const users = Number(process.env.BENCH_ORDERS_USERS ?? 1000);
  const rate = Number(process.env.BENCH_ORDERS_RATE ?? 500);
  const seconds = Number(process.env.BENCH_ORDERS_SECONDS ?? 20);
  const previewRate = Number(process.env.BENCH_ORDERS_PREVIEW_RATE ?? 100);
  const root = path.resolve(import.meta.dirname, '..');
  // BENCH_CPU_PROF=<folder> writes the server's CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'bench/orders-server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...(databaseUrl ? { ORDERS_DATABASE_URL: databaseUrl } : {}),
      ORDERS_USERS: String(users),
      DEMO: 'false',
      JOBS_IN_PROCESS: 'false',
      ALIPAY_PROVIDER: 'sandbox',
      WECHATPAY_PROVIDER: 'sandbox',
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const lines = createInterface({ input: child.stdout! });
  try {
    const info = JSON.parse(await nextLine(lines)) as ServerInfo;
    const client = createClient(info.url);
    const label = info.kind;
    const rows: Array<Record<string, string | number>> = [];

    const orderIds: string[] = new Array(users);
    const preview = await runPaced({
      rate: previewRate,
      total: users,
      send: async (index) => {
        const answer = await client.call({
          method: 'POST',
          path: OrderPath.preview,
          user: index,
          token: info.tokens[index],
          body: { grade_enum: 'VIP', day: 365, rand_tag: `bench-${index}` },
        });
        const orderId = (answer.json?.data as { order_id?: string } | undefined)?.order_id;
        if (orderId) orderIds[index] = orderId;
        return answer.json?.code === 200 && Boolean(orderId);
      },
    });
    rows.push(row(`${label}: preview_order`, previewRate, preview, PREVIEW_WARMUP));

    // Every order gets its QR, half WeChat (wx_order), half Alipay (the pay page the phone opens).
    const qr = await runPaced({
      rate: previewRate,
      total: users,
      send: async (index) => {
        if (index % 2 === 0) {
          const answer = await client.call({
            method: 'GET',
            path: `${OrderPath.wechatQr}?orderId=${orderIds[index]}`,
            user: index,
            token: info.tokens[index],
          });
          return answer.json?.code === 200;
        }
        const page = await client.call({
          method: 'GET',
          path: `${OrderPath.alipayPage}?orderId=${orderIds[index]}`,
          user: index,
          unsigned: true,
        });
        return page.status === 302;
      },
    });
    rows.push(row(`${label}: QR (wx_order / ali_pay)`, previewRate, qr, 0));

    const poll = (index: number) => {
      const user = index % users;
      return client
        .call({
          method: 'GET',
          path: `${OrderPath.payResult}?orderId=${orderIds[user]}`,
          user,
          token: info.tokens[user],
        })
        .then((answer) => answer.json?.code === 200 && answer.json.data === false);
    };
    // One second of polls first, left out: the route's first calls.
    await runPaced({ rate, total: rate, send: poll });
    const fresh = await runPaced({ rate, total: rate * seconds, send: poll });
    rows.push(row(`${label}: pay_result, ${users} fresh orders`, rate, fresh, 0));

    child.stdin!.write('age 60\n');
    const aged = await nextLine(lines);
    if (!aged.startsWith('aged ')) throw new Error(`the orders server answered ${aged}`);
    const old = await runPaced({ rate, total: rate * seconds, send: poll });
    rows.push(row(`${label}: pay_result, ${users} orders past 30 s (vendor asked every 15 s)`, rate, old, 0));
    client.close();
    console.table(rows);
    return rows;
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

interface PacedResult {
  latencies: number[];
  failures: number;
  /** Requests answered per second, from the first send to the last answer. */
  achieved: number;
  /** How far behind its schedule the generator sent its latest request (ms). */
  maxLagMs: number;
}

/**
 * Open-loop load: request i leaves at start + i / rate seconds, whatever is still in flight. Each
 * latency runs from the request's actual departure to its whole answer.
 */
async function runPaced(options: {
  rate: number;
  total: number;
  send: (index: number) => Promise<boolean>;
}): Promise<PacedResult> {
  const { rate, total } = options;
  const latencies: number[] = new Array(total).fill(0);
  const pending: Array<Promise<void>> = [];
  let failures = 0;
  let maxLagMs = 0;
  let lastAnswer = 0;
  let next = 0;
  const started = performance.now();
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      const due = Math.min(total, Math.floor(((now - started) / 1000) * rate) + 1);
      while (next < due) {
        const index = next++;
        maxLagMs = Math.max(maxLagMs, now - (started + (index / rate) * 1000));
        const sent = performance.now();
        pending.push(
          options
            .send(index)
            .catch(() => false)
            .then((ok) => {
              lastAnswer = performance.now();
              latencies[index] = lastAnswer - sent;
              if (!ok) failures++;
            }),
        );
      }
      if (next >= total) resolve();
      else setTimeout(tick, 1);
    };
    tick();
  });
  await Promise.all(pending);
  return { latencies, failures, achieved: total / ((lastAnswer - started) / 1000), maxLagMs };
}

function row(scenario: string, rate: number, result: PacedResult, warmup: number) {
  const { p50Ms, p95Ms, p99Ms } = percentiles(result.latencies.slice(warmup));
  if (process.env.BENCH_VERBOSE) {
    // p95 of each second's requests: shows whether a slow tail is a passing moment or the whole run.
    const perSecond: string[] = [];
    for (let start = warmup; start < result.latencies.length; start += rate) {
      perSecond.push(percentiles(result.latencies.slice(start, start + rate)).p95Ms.toFixed(0));
    }
    console.log(`  ${scenario}: p95 per second ${perSecond.join(' ')} ms`);
  }
  return {
    scenario,
    requests: result.latencies.length - warmup,
    'target /s': rate,
    'achieved /s': result.achieved.toFixed(0),
    'p50 ms': p50Ms.toFixed(1),
    'p95 ms': p95Ms.toFixed(1),
    'p99 ms': p99Ms.toFixed(1),
    failures: result.failures,
    'max send lag ms': result.maxLagMs.toFixed(0),
  };
}

interface Answer {
  status: number;
  json: { code?: number; data?: unknown } | null;
}

/** Signed calls as the web client makes them, each user from an address of its own (X-Forwarded-For). */
function createClient(url: string) {
  const he = identityHash('bench-orders');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const addressOf = (user: number) => `10.${(user >> 16) & 255}.${(user >> 8) & 255}.${(user & 255) + 1}`;
  return {
    call(options: {
      method: 'GET' | 'POST';
      path: string;
      user: number;
      token?: string | undefined;
      body?: unknown;
      unsigned?: boolean;
    }) {
      return new Promise<Answer>((resolve, reject) => {
        const [pathname = '/', search = ''] = options.path.split('?');
        const headers: Record<string, string | number> = { 'x-forwarded-for': addressOf(options.user) };
        let target = `${url}${options.path}`;
        let payload: string | undefined;
        if (!options.unsigned) {
          const parts = signRequest(pathname, Date.now(), he);
          headers[SignHeader.VERSION] = CLIENT_VERSION;
          if (options.method === 'POST') {
            const query = new URLSearchParams(search);
            query.set('ts', String(parts.ts));
            query.set('he', parts.he);
            query.set('sign', parts.sign);
            target = `${url}${pathname}?${query}`;
          } else {
            headers[SignHeader.SIGNATURE] = encodeSignHeader(parts);
          }
        }
        if (options.token) headers.authorization = options.token;
        if (options.body !== undefined) {
          payload = JSON.stringify(options.body);
          headers['content-type'] = 'application/json';
          headers['content-length'] = Buffer.byteLength(payload);
        }
        const request = http.request(target, { method: options.method, agent, headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            let json: Answer['json'] = null;
            try {
              json = JSON.parse(Buffer.concat(chunks).toString()) as Answer['json'];
            } catch {
              json = null;
            }
            resolve({ status: response.statusCode ?? 0, json });
          });
          response.on('error', reject);
        });
        request.on('error', reject);
        request.end(payload);
      });
    },
    close: () => agent.destroy(),
  };
}

function nextLine(lines: Interface): Promise<string> {
  return new Promise((resolve, reject) => {
    const onClose = () => reject(new Error('the orders server ended before answering'));
    lines.once('close', onClose);
    lines.once('line', (line) => {
      lines.off('close', onClose);
      resolve(line);
    });
  });
}

/** BENCH_ORDERS_DATABASE_URL, or a fresh database on the local server that is dropped afterwards. */
async function postgresTarget(): Promise<{ url: string; drop: () => Promise<void> }> {
  const given = process.env.BENCH_ORDERS_DATABASE_URL;
  if (given) return { url: given, drop: async () => undefined };
  const name = `dso_orders_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  return {
    url: `postgres://postgres@127.0.0.1:5432/${name}`,
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
