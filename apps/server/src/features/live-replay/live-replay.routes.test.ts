import { spawnSync } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Code, LIVE_REPLAY_ALIAS, type LiveReplay, LiveReplayPath, liveReplayMessages } from '@dso/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { SpeechError, type SpeechProvider, type SpeechSource } from '../../providers/speech/index';
import {
  appJobWorker,
  createLiveSession,
  createMember,
  drainJobs,
  multipartFiles,
  quotaUsed,
  steeredLlm,
  useUpDailyQuota,
} from '../../testing';
import { useTempDir, useTestApp } from '../../testing/route-suite';
import { claimJob } from '../jobs';

const hasFfmpeg = spawnSync('ffprobe', ['-version']).status === 0;

/** A WAV file of `seconds` of a quiet tone (16 kHz mono), written by hand. */
function wavBytes(seconds: number): Buffer {
  const rate = 16_000;
  const samples = rate * seconds;
  const buffer = Buffer.alloc(44 + samples * 2);
  buffer.write('RIFF', 0);
  buffer.writeUInt32LE(36 + samples * 2, 4);
  buffer.write('WAVEfmt ', 8);
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(1, 22);
  buffer.writeUInt32LE(rate, 24);
  buffer.writeUInt32LE(rate * 2, 28);
  buffer.writeUInt16LE(2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36);
  buffer.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++)
    buffer.writeInt16LE(Math.round(3000 * Math.sin((i / rate) * 2 * Math.PI * 440)), 44 + i * 2);
  return buffer;
}

/** A speech service a test steers: the sandbox by default; failures, or one that hears files. */
function steerableSpeech() {
  const state = {
    speech: 'sandbox' as 'sandbox' | 'hears-files' | 'no-media' | 'busy' | 'crash',
    heard: [] as SpeechSource[],
  };
  let speechSandbox: SpeechProvider;
  const speech: SpeechProvider = {
    name: 'steerable',
    concurrency: 1,
    get isSandbox() {
      return state.speech === 'sandbox';
    },
    async transcribe(source, options) {
      state.heard.push(source);
      if (state.speech === 'no-media') throw new SpeechError('no_media', 'nothing');
      if (state.speech === 'busy') throw new SpeechError('rate_limited', '429');
      if (state.speech === 'crash') throw new TypeError('something unexpected');
      if (state.speech === 'hears-files' && source.kind === 'file') {
        return {
          text: '大家好欢迎来到直播间。今天主推露营折叠椅，到手价99元。',
          segments: [
            { start: 0, end: 1, text: '大家好欢迎来到直播间。' },
            { start: 1, end: 2, text: '今天主推露营折叠椅，到手价99元。' },
          ],
        };
      }
      return speechSandbox.transcribe(source, options);
    },
  };
  return {
    state,
    speech,
    attach(sandbox: SpeechProvider) {
      speechSandbox = sandbox;
    },
    reset() {
      state.speech = 'sandbox';
      state.heard.length = 0;
    },
  };
}

/** 60 minutes: the audience builds to 300, jumps to 900 at minute 30, falls back to 400 by minute 40. */
const curve = Array.from({ length: 60 }, (_, minute) => ({
  minute,
  online: minute < 10 ? 100 + minute * 20 : minute < 30 ? 300 : minute < 35 ? 900 : minute < 40 ? 600 : 400,
  entering: 20,
  salesFen: minute % 4 === 0 ? 20_000 + minute * 1_000 : 0,
}));

describe('AI 直播复盘 routes', () => {
  const steer = steerableSpeech();
  const llm = steeredLlm();
  const dataDir = useTempDir('dso-live-replay-');
  const t = useTestApp(
    () => ({ providers: { llm: llm.provider }, config: { dataDir: dataDir() } }),
    async ({ app }) => {
      steer.attach(app.providers.speech);
      (app.providers as { speech: SpeechProvider }).speech = steer.speech;
    },
  );
  const { db, call } = t;
  beforeEach(() => {
    steer.reset();
    llm.state.reset();
  });

  const member = (grade: 'FREE' | 'VIP' = 'VIP') => createMember(db(), { grade });
  const start = (roomId: string, token?: string) => call('POST', LiveReplayPath.session, token, { room_id: roomId });
  const detail = (id: number, token: string) =>
    call('GET', `${LiveReplayPath.detail}?id=${id}`, token).then((answer) => answer.data as LiveReplay);
  const upload = (token: string, fields: Record<string, string>, file?: { name: string; bytes: Buffer }) => {
    const form = multipartFiles(file ? [{ name: file.name, content: file.bytes }] : [], fields);
    return t.request({ method: 'POST', url: LiveReplayPath.upload, ...form, token }).then((r) => r.json());
  };
  const runJobs = () => drainJobs(t);
  /** Starts a replay of the room's session and runs its job; answers the replay as it then stands. */
  const reviewed = async (roomId: string, token: string) => {
    const id = (await start(roomId, token)).data.id as number;
    await runJobs();
    return detail(id, token);
  };
  /** Reviews the room's session as {@link reviewed} does and expects the replay to have failed with `error`. */
  const expectReviewFailed = async (roomId: string, token: string, error: string) =>
    expect(await reviewed(roomId, token)).toMatchObject({ status: 'failed', error });
  const used = (userId: number) => quotaUsed(db(), userId, LIVE_REPLAY_ALIAS);
  const endedSession = () =>
    createLiveSession(db(), {
      title: '露营好物专场',
      startTime: new Date(Date.now() - 3 * 3_600_000),
      endTime: new Date(Date.now() - 2 * 3_600_000),
      minuteRows: curve,
      goods: [
        { title: '露营折叠椅', price_fen: 9_990, sales: 300, cover: null },
        { title: '户外天幕', price_fen: 29_990, sales: 40, cover: null },
        { title: '营地灯', price_fen: 4_990, sales: 90, cover: null },
      ],
    });

  it('asks a visitor to log in', async () => {
    expect((await call('GET', LiveReplayPath.options)).code).toBe(Code.TOKEN_INVALID);
    expect((await start('73123')).code).toBe(Code.TOKEN_INVALID);
    expect((await call('GET', LiveReplayPath.list)).code).toBe(Code.TOKEN_INVALID);
    expect((await call('GET', `${LiveReplayPath.detail}?id=1`)).code).toBe(Code.TOKEN_INVALID);
    expect((await call('POST', LiveReplayPath.remove, undefined, { id: 1 })).code).toBe(Code.TOKEN_INVALID);
    const form = multipartFiles([], { title: 'x' });
    const refused = await t.request({ method: 'POST', url: LiveReplayPath.upload, ...form });
    expect(refused.json().code).toBe(Code.TOKEN_INVALID);
  });

  it('tells the page that speech is the sandbox and what the upload takes', async () => {
    const { token } = await member();
    const options = await call('GET', LiveReplayPath.options, token);
    expect(options.data).toMatchObject({ speech_sandbox: true, upload_max_bytes: 1024 * 1024 * 1024 });
    expect(options.data.extensions).toContain('mp4');
  });

  it('refuses a missing, unknown, still-live or empty session before queuing anything', async () => {
    const { token } = await member();
    expect(await start('', token)).toMatchObject({ code: Code.BAD_REQUEST, msg: liveReplayMessages.roomRequired });
    expect(await start('73../x', token)).toMatchObject({
      code: Code.BAD_REQUEST,
      msg: liveReplayMessages.sessionMissing,
    });
    expect(await start('7300000000', token)).toMatchObject({
      code: Code.BAD_REQUEST,
      msg: liveReplayMessages.sessionMissing,
    });
    const live = await createLiveSession(db());
    expect(await start(live.roomId, token)).toMatchObject({
      code: Code.BAD_REQUEST,
      msg: liveReplayMessages.sessionLive,
    });
    const empty = await createLiveSession(db(), { endTime: new Date(), minuteRows: [] });
    expect(await start(empty.roomId, token)).toMatchObject({
      code: Code.BAD_REQUEST,
      msg: liveReplayMessages.sessionEmpty,
    });
    expect((await call('GET', LiveReplayPath.list, token)).data.total_record).toBe(0);
  });

  it('reviews an ended session as a job: progress, then the report, charged once', async () => {
    const { user, token } = await member();
    const session = await endedSession();
    const started = await start(session.roomId, token);
    expect(started).toMatchObject({ code: Code.OK, msg: liveReplayMessages.started });
    expect(started.data).toMatchObject({ status: 'queued', stage: 'queued', progress: 0, title: '露营好物专场' });
    const id = started.data.id as number;
    expect((await call('GET', LiveReplayPath.list, token)).data.result[0]).toMatchObject({ id, status: 'queued' });

    expect(await runJobs()).toBe(1);
    const replay = await detail(id, token);
    expect(replay).toMatchObject({ status: 'done', stage: 'done', progress: 100, sandbox: true, error: null });
    expect(replay.duration).toBe(3600);
    expect(replay.curve).toHaveLength(60);
    // The sandbox transcript is a host's speech from this session's goods and curve.
    const spoken = replay.transcript.map((segment) => segment.text).join('');
    expect(spoken).toContain('露营折叠椅');
    expect(spoken).toContain('99.9元');
    expect(spoken).toMatch(/欢迎刚进直播间|一下子进来好多人/);
    const report = replay.report!;
    expect(report.overview).toContain('露营好物专场');
    expect(report.segments.length).toBeGreaterThanOrEqual(3);
    expect(report.segments[0]).toMatchObject({ start: 0, title: '开场预热' });
    const chair = report.mentions.find((mention) => mention.title === '露营折叠椅')!;
    expect(chair).toMatchObject({ price: 9_990 });
    expect(chair.count).toBeGreaterThan(0);
    expect(chair.moments).toHaveLength(chair.count);
    // The jump to 900 at minute 30 is the biggest rise.
    expect(report.peaks.map((peak) => peak.minute)).toContain(30);
    expect(report.peaks.find((peak) => peak.minute === 30)).toMatchObject({ online: 900, rise: 600 });
    expect(report.keep.length).toBeGreaterThan(0);
    expect(report.change.length).toBeGreaterThan(0);
    expect(await used(user.id)).toBe(1);

    // Running its job again changes nothing and charges nothing more.
    const { enqueueJob } = await import('../jobs');
    await enqueueJob(db(), { kind: 'live-replay.analyse', payload: { replayId: id } });
    await runJobs();
    expect(await used(user.id)).toBe(1);
  });

  it('fails a replay whose model keeps failing or answers nonsense, charging nothing', async () => {
    const { user, token } = await member();
    const session = await endedSession();
    llm.state.useSandbox = false;
    llm.state.mode = 'fail-first';
    expect(await reviewed(session.roomId, token)).toMatchObject({
      status: 'failed',
      error: 'AI 服务暂时不可用，请稍后重试',
      report: null,
    });
    // Three attempts, the transcript heard once and kept.
    expect(llm.state.requests).toHaveLength(3);
    expect(steer.state.heard).toHaveLength(1);
    llm.state.mode = 'ok';
    llm.state.answer = '这场直播整体不错。';
    await expectReviewFailed(session.roomId, token, liveReplayMessages.unreadable);
    expect(await used(user.id)).toBe(0);
  });

  // Nothing to hear fails at once; a busy or crashing service fails after the last of its attempts.
  it.each([
    { speech: 'no-media', error: liveReplayMessages.noSpeech, attempts: 1 },
    { speech: 'busy', error: liveReplayMessages.speechUnavailable, attempts: 3 },
    { speech: 'crash', error: liveReplayMessages.failed, attempts: 3 },
  ] as const)(
    'fails a replay whose speech service is $speech after $attempts attempt(s), charging nothing',
    async ({ speech, error, attempts }) => {
      const { user, token } = await member();
      const session = await endedSession();
      steer.state.speech = speech;
      await expectReviewFailed(session.roomId, token, error);
      expect(steer.state.heard).toHaveLength(attempts);
      expect(await used(user.id)).toBe(0);
    },
  );

  it('resumes a replay whose worker died', async () => {
    const { user, token } = await member();
    const session = await endedSession();
    const id = (await start(session.roomId, token)).data.id as number;
    // A worker claims the job and dies without a word.
    expect(await claimJob(db(), { workerId: 'dead', kinds: ['live-replay.analyse'], staleMs: 60_000 })).not.toBeNull();
    expect(await appJobWorker(t, { staleMs: 0 }).drain()).toBe(1);
    expect((await detail(id, token)).status).toBe('done');
    expect(await used(user.id)).toBe(1);
  });

  it('refuses a replay the daily count cannot pay for, counting the ones still running', async () => {
    const { user, token } = await member('FREE');
    const session = await endedSession();
    await useUpDailyQuota(db(), user.id, LIVE_REPLAY_ALIAS, 4);
    expect((await start(session.roomId, token)).code).toBe(Code.OK);
    const refused = await start(session.roomId, token);
    expect(refused.code).toBe(Code.NEEDS_UPGRADE);
    expect(refused.data).toMatchObject({ alias: LIVE_REPLAY_ALIAS, reason: 'exhausted' });
  });

  it('shows and deletes only the user own replays', async () => {
    const owner = await member();
    const other = await member();
    const session = await endedSession();
    const id = (await start(session.roomId, owner.token)).data.id as number;
    expect((await call('GET', `${LiveReplayPath.detail}?id=${id}`, other.token)).code).toBe(Code.NOT_FOUND);
    expect((await call('POST', LiveReplayPath.remove, other.token, { id })).code).toBe(Code.NOT_FOUND);
    expect((await call('GET', `${LiveReplayPath.detail}?id=abc`, owner.token)).code).toBe(Code.BAD_REQUEST);
    expect(await call('POST', LiveReplayPath.remove, owner.token, { id })).toMatchObject({ code: Code.OK });
    expect((await call('GET', `${LiveReplayPath.detail}?id=${id}`, owner.token)).code).toBe(Code.NOT_FOUND);
    // Its job finds nothing and charges nothing.
    await runJobs();
    expect(await used(owner.user.id)).toBe(0);
  });

  describe('recording uploads', () => {
    it('are refused while speech is the sandbox, which cannot hear them', async () => {
      const { token } = await member();
      expect(await upload(token, { title: '录像' }, { name: 'live.wav', bytes: wavBytes(1) })).toMatchObject({
        code: Code.TOAST,
        msg: liveReplayMessages.sandboxUpload,
      });
    });

    it('refuse files that are not audio or video, and bad fields', async () => {
      const { token } = await member();
      steer.state.speech = 'hears-files';
      expect(await upload(token, { title: '录像' })).toMatchObject({ msg: liveReplayMessages.fileRequired });
      // The upload guard's refusals are toasts (docs/frame.md).
      expect(await upload(token, {}, { name: 'notes.txt', bytes: Buffer.from('hello') })).toMatchObject({
        code: Code.TOAST,
        msg: liveReplayMessages.fileType,
      });
      expect(
        await upload(token, {}, { name: 'live.mp4', bytes: Buffer.from('just some words, not a video at all') }),
      ).toMatchObject({
        code: Code.TOAST,
        msg: liveReplayMessages.fileNotMedia,
      });
      // A zip in disguise is the guard's to refuse.
      const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(18)]);
      expect((await upload(token, {}, { name: 'live.mp4', bytes: zip })).code).toBe(Code.TOAST);
      expect(await upload(token, { title: '长'.repeat(61) }, { name: 'live.wav', bytes: wavBytes(1) })).toMatchObject({
        msg: liveReplayMessages.titleTooLong,
      });
      // Nothing refused is kept on disk.
      expect(await readdir(path.join(dataDir(), 'live-replays')).catch(() => [])).toEqual([]);
    });

    it.runIf(hasFfmpeg)('are transcribed and reviewed with the goods the user typed', async () => {
      const { user, token } = await member();
      steer.state.speech = 'hears-files';
      const started = await upload(
        token,
        { title: '周末露营场', goods: '露营折叠椅，户外天幕' },
        { name: 'live.wav', bytes: wavBytes(2) },
      );
      expect(started).toMatchObject({
        code: Code.OK,
        data: { source: 'upload', title: '周末露营场', status: 'queued' },
      });
      expect(await readdir(path.join(dataDir(), 'live-replays'))).toHaveLength(1);
      await runJobs();
      const replay = await detail(started.data.id, token);
      expect(replay).toMatchObject({ status: 'done', curve: [] });
      expect(steer.state.heard[0]).toMatchObject({ kind: 'file', offsetMs: 0 });
      expect(replay.report!.mentions).toEqual([
        { title: '露营折叠椅', price: null, count: 1, moments: [1] },
        { title: '户外天幕', price: null, count: 0, moments: [] },
      ]);
      expect(replay.report!.peaks).toEqual([]);
      expect(await used(user.id)).toBe(1);
      // The recording is not kept once the report is written.
      expect(await readdir(path.join(dataDir(), 'live-replays'))).toEqual([]);
    });
  });
});
