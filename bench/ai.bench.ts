import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import {
  AiStreamEvent,
  CLIENT_VERSION,
  EXTRACTION_ID_SEPARATOR,
  ExtractionPath,
  encodeSignHeader,
  identityHash,
  SignHeader,
  signRequest,
  WritingPath,
} from '@dso/contract';
import {
  FAKE_API_KEY,
  type FakeStreamingLlm,
  startFakeStreamingLlm,
  startFakeTimedSpeech,
} from './lib/fake-ai-vendors';
import { percentiles, printTable } from './lib/load';

/**
 * The AI tools under load, the model and speech vendors replaced by local fakes
 * (lib/fake-ai-vendors.ts) that the product reaches through its real OpenAI-compatible adapters:
 *
 * 1. First-token overhead: BENCH_AI_TTFT_CALLS (100) streamed calls one after another, straight to the
 *    fake model and through AI 创作's generate route over real HTTP (sign, session, template, quota,
 *    related words, then the model); p50/p95 of the time to the first text both ways and the difference.
 * 2. 100 concurrent AI 创作 streams (BENCH_AI_STREAMS) from 100 SVIP users while the fake model streams
 *    each for about 1.5 s: errors, total time, the server's RSS and heap before, at peak and after.
 * 3. A 100-video batch extraction (BENCH_AI_VIDEOS) through the batch job, with the speech adapter's
 *    concurrency limit (BENCH_AI_SPEECH_CONCURRENCY, 4) and a fake speech service that takes
 *    BENCH_AI_SPEECH_MS (500) per call; each video is downloaded and cut with ffmpeg as in production.
 *    Total time from the submit to the last answered row, videos a second, and the most calls the fake
 *    held at once (it should be the limit).
 *
 * PGlite, request limits off (REQUEST_LIMITS=false), jobs in the server's process.
 */
export async function benchAi() {
  const ttftCalls = Number(process.env.BENCH_AI_TTFT_CALLS ?? 100);
  const streams = Number(process.env.BENCH_AI_STREAMS ?? 100);
  const videos = Number(process.env.BENCH_AI_VIDEOS ?? 100);
  const speechConcurrency = Number(process.env.BENCH_AI_SPEECH_CONCURRENCY ?? 4);
  const speechMs = Number(process.env.BENCH_AI_SPEECH_MS ?? 500);
  if (spawnSync('ffmpeg', ['-version']).status !== 0) {
    throw new Error('the AI benchmark cuts audio with ffmpeg: apt-get install ffmpeg');
  }

  const llm = await startFakeStreamingLlm();
  const speech = await startFakeTimedSpeech({ callMs: speechMs });
  const clip = await makeClip();
  const playUrl = speech.serveMedia('clip.mp4', clip);
  const root = path.resolve(import.meta.dirname, '..');
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/ai-server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      REQUEST_LIMITS: 'false',
      JOBS_IN_PROCESS: 'true',
      LLM_PROVIDER: 'openai',
      LLM_BASE_URL: llm.url,
      LLM_API_KEY: FAKE_API_KEY,
      LLM_MODEL: 'bench-model',
      SPEECH_PROVIDER: 'openai',
      SPEECH_BASE_URL: speech.url,
      SPEECH_API_KEY: FAKE_API_KEY,
      SPEECH_MODEL: 'bench-whisper',
      SPEECH_CONCURRENCY: String(speechConcurrency),
      AI_BENCH_USERS: String(Math.max(streams, 1) + 2),
      AI_BENCH_VIDEOS: String(videos),
      AI_BENCH_PLAY_URL: playUrl,
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const lines = createInterface({ input: child.stdout! });
  try {
    const info = await nextLine<{ url: string; tokens: string[]; awemeIds: string[]; kind: string }>(lines);
    const ask = async <T>(command: string) => {
      const answer = nextLine<T>(lines);
      child.stdin!.write(`${command}\n`);
      return answer;
    };
    const client = createClient(info.url);
    console.error(`ai bench: server ready (${info.kind}); first-token calls`);
    const templateId = await client.scriptTemplateId();

    // 1. First-token overhead.
    llm.pace({ pieces: 4, intervalMs: 5 });
    const direct: number[] = [];
    const product: number[] = [];
    // Warm both paths (connections, the JIT, the first queries) before measuring.
    for (let index = 0; index < 5; index++) {
      await directFirstToken(llm);
      await client.write(info.tokens[0]!, templateId);
    }
    // Alternate the two so that the machine's other load falls on both alike.
    for (let index = 0; index < ttftCalls; index++) {
      direct.push(await directFirstToken(llm));
      const run = await client.write(info.tokens[index % 2]!, templateId);
      if (run.error) throw new Error(`a first-token call through the product failed: ${run.error}`);
      product.push(run.firstMs);
    }
    const d = percentiles(direct);
    const p = percentiles(product);
    printTable(`AI 创作 time to first token (${ttftCalls} calls each way, one at a time)`, [
      { path: 'fake model directly', 'p50 ms': d.p50Ms.toFixed(1), 'p95 ms': d.p95Ms.toFixed(1) },
      { path: 'through /api/ai/writing/generate', 'p50 ms': p.p50Ms.toFixed(1), 'p95 ms': p.p95Ms.toFixed(1) },
      {
        path: 'product adds (target < 50 ms)',
        'p50 ms': (p.p50Ms - d.p50Ms).toFixed(1),
        'p95 ms': (p.p95Ms - d.p95Ms).toFixed(1),
      },
    ]);

    // 2. Concurrent streams.
    console.error(`ai bench: ${streams} concurrent streams`);
    llm.pace({ pieces: 30, intervalMs: 50 });
    await ask<string>('reset');
    const before = await ask<Memory>('memory');
    llm.resetPeak();
    const started = performance.now();
    const runs = await Promise.all(
      Array.from({ length: streams }, (_, index) => client.write(info.tokens[index + 2]!, templateId)),
    );
    const totalMs = performance.now() - started;
    const during = await ask<Memory>('memory');
    // After the streams' sockets and buffers are let go: the figure a steady server returns to.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const after = await ask<Memory>('memory');
    const errors = runs.filter((run) => run.error);
    const firsts = percentiles(runs.filter((run) => !run.error).map((run) => run.firstMs));
    printTable(`${streams} concurrent AI 创作 streams (the fake model streams 30 pieces over ~1.5 s each)`, [
      {
        streams,
        errors: errors.length,
        'total s': (totalMs / 1000).toFixed(2),
        'first token p50/p95 ms': `${firsts.p50Ms.toFixed(0)} / ${firsts.p95Ms.toFixed(0)}`,
        'model streams open at once': llm.peakOpen(),
        'RSS MB before / peak / after': `${before.rssMb} / ${during.peakRssMb} / ${after.rssMb}`,
        'heap MB before / peak / after': `${before.heapMb} / ${during.peakHeapMb} / ${after.heapMb}`,
      },
    ]);
    if (errors.length > 0)
      console.log(
        'first errors:',
        errors.slice(0, 5).map((run) => run.error),
      );

    // 3. Batch extraction.
    console.error(`ai bench: batch extraction of ${info.awemeIds.length} videos`);
    const batchToken = info.tokens[1]!;
    const batchStarted = performance.now();
    const batchId = await client.submitBatch(batchToken, info.awemeIds);
    const finished = await client.waitForBatch(batchToken, batchId, info.awemeIds.length);
    const batchSeconds = (performance.now() - batchStarted) / 1000;
    printTable(
      `Batch extraction of ${info.awemeIds.length} videos (speech concurrency ${speechConcurrency}, ${speechMs} ms a call, ffmpeg per video)`,
      [
        {
          videos: info.awemeIds.length,
          done: finished.done,
          failed: finished.failed,
          'total s': batchSeconds.toFixed(2),
          'videos/s': (finished.done / batchSeconds).toFixed(2),
          'ideal videos/s (limit / call time)': ((speechConcurrency * 1000) / speechMs).toFixed(2),
          'speech calls': speech.calls(),
          'max concurrent at the fake': speech.peakConcurrent(),
        },
      ],
    );
  } finally {
    child.kill('SIGTERM');
    await exited;
    await llm.close();
    await speech.close();
  }
}

interface Memory {
  rssMb: number;
  heapMb: number;
  peakRssMb: number;
  peakHeapMb: number;
}

/** A 2-second video with a tone, as a library video's play address serves it. */
async function makeClip(): Promise<Uint8Array> {
  const folder = await mkdtemp(path.join(tmpdir(), 'dso-bench-ai-'));
  try {
    const file = path.join(folder, 'clip.mp4');
    const made = spawnSync('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2'],
      ...['-f', 'lavfi', '-i', 'color=c=black:s=64x64:d=2', '-shortest', file],
    ]);
    if (made.status !== 0) throw new Error(`ffmpeg could not make the clip: ${made.stderr}`);
    return new Uint8Array(await readFile(file));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

/** Time to the first `data:` line with text, asking the fake model directly as the adapter would. */
function directFirstToken(llm: FakeStreamingLlm): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const body = JSON.stringify({
      model: 'bench-model',
      messages: [{ role: 'user', content: '写一段' }],
      stream: true,
    });
    let first = 0;
    const request = http.request(
      `${llm.url}/chat/completions`,
      {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${FAKE_API_KEY}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        response.setEncoding('utf8');
        response.on('data', (text: string) => {
          if (!first && text.includes('"content"')) first = performance.now() - started;
        });
        response.on('end', () => (first ? resolve(first) : reject(new Error('the fake model sent no text'))));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** One streamed AI 创作 call as the browser reads it: time to the first delta, and how it ended. */
interface WritingRun {
  firstMs: number;
  error: string | null;
}

function createClient(base: string) {
  const he = identityHash('bench-ai');
  const signedPost = (pathname: string) => {
    const parts = signRequest(pathname, Date.now(), he);
    return `${base}${pathname}?ts=${parts.ts}&he=${parts.he}&sign=${parts.sign}`;
  };
  const getJson = <T>(pathname: string, query: string, token?: string) =>
    new Promise<{ code: number; msg: string; data: T }>((resolve, reject) => {
      const headers: Record<string, string> = {
        [SignHeader.VERSION]: CLIENT_VERSION,
        [SignHeader.SIGNATURE]: encodeSignHeader(signRequest(pathname, Date.now(), he)),
      };
      if (token) headers.authorization = token;
      http
        .get(`${base}${pathname}${query}`, { agent, headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
          response.on('error', reject);
        })
        .on('error', reject);
    });
  const post = (pathname: string, token: string, body: string, contentType: string) =>
    new Promise<http.IncomingMessage>((resolve, reject) => {
      const request = http.request(signedPost(pathname), {
        method: 'POST',
        agent,
        headers: {
          [SignHeader.VERSION]: CLIENT_VERSION,
          authorization: token,
          'content-type': contentType,
          'content-length': Buffer.byteLength(body),
        },
      });
      request.on('response', resolve);
      request.on('error', reject);
      request.end(body);
    });

  return {
    /** The seeded 口播短视频脚本 template, whose fields the calls fill. */
    async scriptTemplateId(): Promise<number> {
      const answer = await getJson<Record<string, Array<{ id: number; title: string }>>>(WritingPath.templates, '');
      const script = Object.values(answer.data ?? {})
        .flat()
        .find((template) => template.title === '口播短视频脚本');
      if (!script) throw new Error(`the 口播短视频脚本 template is missing: ${answer.msg}`);
      return script.id;
    },

    /** AI 创作's generate, read to its `done` (or `error`) event. */
    async write(token: string, templateId: number): Promise<WritingRun> {
      const started = performance.now();
      const body = JSON.stringify({
        template_id: templateId,
        fields: { keyword: '露营装备', point: '入门三样东西就够' },
      });
      let response: http.IncomingMessage;
      try {
        response = await post(WritingPath.generate, token, body, 'application/json');
      } catch (error) {
        return { firstMs: 0, error: (error as Error).message };
      }
      return new Promise((resolve) => {
        let text = '';
        let firstMs = 0;
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
          if (!firstMs && text.includes(`event: ${AiStreamEvent.delta}\n`)) firstMs = performance.now() - started;
        });
        response.on('end', () => {
          const streamed = String(response.headers['content-type']).startsWith('text/event-stream');
          const error = !streamed
            ? `not a stream: ${text.slice(0, 200)}`
            : text.includes(`event: ${AiStreamEvent.done}\n`)
              ? null
              : `the stream ended without done: ${text.slice(-200)}`;
          resolve({ firstMs, error });
        });
        response.on('error', (error) => resolve({ firstMs, error: error.message }));
      });
    },

    /** The batch call (002 §7: a multipart form of the ids joined by the separator): the batch id. */
    async submitBatch(token: string, awemeIds: string[]): Promise<string> {
      const boundary = `----bench${randomBytes(8).toString('hex')}`;
      const field = (name: string, value: string) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      const body = `${field('aweme_ids', awemeIds.join(EXTRACTION_ID_SEPARATOR))}${field('flag', '1')}--${boundary}--\r\n`;
      const response = await post(ExtractionPath.batch, token, body, `multipart/form-data; boundary=${boundary}`);
      const chunks: Buffer[] = [];
      for await (const chunk of response) chunks.push(chunk as Buffer);
      const answer = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        code: number;
        msg: string;
        data: { batch_id: string };
      };
      if (answer.code !== 200) throw new Error(`the batch was refused: ${answer.code} ${answer.msg}`);
      return answer.data.batch_id;
    },

    /** Polls the batch's history rows (every 100 ms) until none is pending: how they ended. */
    async waitForBatch(token: string, batchId: string, count: number) {
      const deadline = performance.now() + 600_000;
      for (;;) {
        let done = 0;
        let failed = 0;
        for (let page = 1; (page - 1) * 50 < count; page++) {
          const answer = await getJson<{ result: Array<{ status: string }> }>(
            ExtractionPath.list,
            `?batch_id=${batchId}&page_no=${page}&page_size=50`,
            token,
          );
          for (const row of answer.data.result) {
            if (row.status === 'done') done++;
            else if (row.status === 'failed') failed++;
          }
        }
        if (done + failed >= count) return { done, failed };
        if (performance.now() > deadline) throw new Error(`the batch did not finish: ${done} done, ${failed} failed`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}

function nextLine<T>(lines: Interface): Promise<T> {
  return new Promise((resolve, reject) => {
    const onClose = () => reject(new Error('the AI bench server ended'));
    lines.once('line', (line) => {
      lines.off('close', onClose);
      resolve(JSON.parse(line) as T);
    });
    lines.once('close', onClose);
  });
}
