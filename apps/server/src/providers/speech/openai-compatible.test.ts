import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hasFfmpeg, makeTestMedia } from '../../testing/media';
import { rejectionOf } from '../../testing/rejection';
import { rateLimitedAnswer } from '../../testing/vendors';
import { prepareAudio, probeMedia } from './audio';
import { type FakeSpeechServer, startFakeSpeechServer } from './fake-openai-speech-server';
import { SpeechError, type SpeechProvider, type SpeechSource } from './index';
import { createOpenAiCompatibleSpeech } from './openai-compatible';

const apiKey = 'sk-fake-speech-0123456789';
const audio: SpeechSource = { kind: 'audio', data: new Uint8Array([73, 68, 51, 4, 0, 0]), filename: 'clip.mp3' };

describe('the OpenAI-compatible speech adapter against a fake vendor', () => {
  let fake: FakeSpeechServer;
  let speech: SpeechProvider;

  beforeAll(async () => {
    fake = await startFakeSpeechServer({ apiKey });
    speech = createOpenAiCompatibleSpeech({ baseUrl: `${fake.url}/`, apiKey, model: 'whisper-1', timeoutMs: 500 });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
  });

  it('posts the audio as multipart with the model and verbose_json, and reads text and segments', async () => {
    fake.behave({
      kind: 'transcribe',
      text: '大家好。今天讲露营装备。',
      segments: [
        { start: 0, end: 1.2, text: ' 大家好。' },
        { start: 1.2, end: 3.4, text: '今天讲露营装备。' },
      ],
    });
    const transcript = await speech.transcribe(audio);
    expect(transcript).toEqual({
      text: '大家好。今天讲露营装备。',
      segments: [
        { start: 0, end: 1.2, text: '大家好。' },
        { start: 1.2, end: 3.4, text: '今天讲露营装备。' },
      ],
      language: 'chinese',
    });
    const [sent] = fake.requests;
    expect(sent!.authorization).toBe(`Bearer ${apiKey}`);
    expect(sent!.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent!.fields).toEqual({ model: 'whisper-1', response_format: 'verbose_json' });
    expect(sent!.file).toMatchObject({ name: 'clip.mp3', size: 6 });
    expect([...sent!.file!.bytes]).toEqual([73, 68, 51, 4, 0, 0]);
    expect(speech.name).toBe('openai:whisper-1');
  });

  it('classifies a refused key as unauthorized', async () => {
    const wrong = createOpenAiCompatibleSpeech({ baseUrl: fake.url, apiKey: 'sk-wrong', model: 'whisper-1' });
    const error = await rejectionOf<SpeechError>(wrong.transcribe(audio));
    expect(error).toBeInstanceOf(SpeechError);
    expect(error.reason).toBe('unauthorized');
    expect(error.detail).toBe('Incorrect API key provided');
  });

  it('classifies 429 as rate limited (with Retry-After) and 5xx as unavailable', async () => {
    fake.behave(rateLimitedAnswer);
    const limited = await rejectionOf<SpeechError>(speech.transcribe(audio));
    expect(limited.reason).toBe('rate_limited');
    expect(limited.detail).toBe('Rate limit reached (Retry-After 20)');
    fake.behave({ kind: 'status', status: 503, body: 'upstream down' });
    expect((await rejectionOf<SpeechError>(speech.transcribe(audio))).reason).toBe('unavailable');
  });

  it('reports an unreadable answer, a silent vendor and an unreachable one as unavailable', async () => {
    fake.behave({ kind: 'garbage' });
    expect(await rejectionOf<SpeechError>(speech.transcribe(audio))).toMatchObject({
      reason: 'unavailable',
      message: 'the transcription is not JSON',
    });
    fake.behave({ kind: 'hang' });
    expect(await rejectionOf<SpeechError>(speech.transcribe(audio))).toMatchObject({
      reason: 'unavailable',
      message: 'the transcription timed out',
    });
    const nowhere = createOpenAiCompatibleSpeech({ baseUrl: 'http://127.0.0.1:9/v1', apiKey, model: 'whisper-1' });
    expect((await rejectionOf<SpeechError>(nowhere.transcribe(audio))).reason).toBe('unavailable');
  });

  it('refuses a video without a play address as no_media, before any call', async () => {
    const error = await rejectionOf<SpeechError>(
      speech.transcribe({ kind: 'video', awemeId: '7', playUrl: null, durationMs: 1000 }),
    );
    expect(error.reason).toBe('no_media');
    expect(fake.requests).toHaveLength(0);
  });

  it('needs a key and a model', () => {
    expect(() => createOpenAiCompatibleSpeech({ baseUrl: fake.url, apiKey: '', model: 'm' })).toThrow(/SPEECH_API_KEY/);
    expect(() => createOpenAiCompatibleSpeech({ baseUrl: fake.url, apiKey, model: '' })).toThrow(/SPEECH_MODEL/);
  });
});

describe('audio preparation', () => {
  it('says clearly when ffmpeg is not on the machine', async () => {
    const error = await rejectionOf<SpeechError>(prepareAudio('/tmp/none.mp4', { ffmpegPath: '/nonexistent/ffmpeg' }));
    expect(error.reason).toBe('unavailable');
    expect(error.message).toMatch(/ffmpeg is not installed.*apt-get install ffmpeg/);
  });

  describe.runIf(hasFfmpeg)('with ffmpeg', () => {
    let folder: string;
    let fake: FakeSpeechServer;
    beforeAll(async () => {
      folder = await mkdtemp(join(tmpdir(), 'dso-speech-test-'));
      fake = await startFakeSpeechServer({ apiKey });
    });
    afterAll(async () => {
      await rm(folder, { recursive: true, force: true });
      await fake.close();
    });

    it('downloads a video, cuts its audio to MP3 and sends that', async () => {
      const video = join(folder, 'tone.mp4');
      expect(makeTestMedia(video, ['sine=frequency=440:duration=1', 'color=c=black:s=64x64:d=1'])).toBe(0);
      const playUrl = fake.serveMedia('tone.mp4', await readFile(video));
      const speech = createOpenAiCompatibleSpeech({ baseUrl: fake.url, apiKey, model: 'whisper-1' });
      fake.behave({ kind: 'transcribe', text: '嘟。' });
      const transcript = await speech.transcribe({ kind: 'video', awemeId: '7', playUrl, durationMs: 1000 });
      expect(transcript.text).toBe('嘟。');
      const file = fake.requests.at(-1)!.file!;
      expect(file.name).toBe('audio.mp3');
      expect(file.size).toBeGreaterThan(500);
    });

    it('reads a recording part by part: the stretch asked for, cut to MP3, and its length with ffprobe', async () => {
      const recording = join(folder, 'live.wav');
      expect(makeTestMedia(recording, ['sine=frequency=440:duration=6'])).toBe(0);
      expect(await probeMedia(recording)).toEqual({ durationMs: 6000, hasAudio: true });
      const speech = createOpenAiCompatibleSpeech({ baseUrl: fake.url, apiKey, model: 'whisper-1' });
      fake.behave({ kind: 'transcribe', text: '欢迎来到直播间。' });
      await speech.transcribe({ kind: 'file', path: recording });
      const whole = fake.requests.at(-1)!.file!.size;
      await speech.transcribe({ kind: 'file', path: recording, offsetMs: 4000, durationMs: 10_000 });
      const part = fake.requests.at(-1)!.file!.size;
      // The last 2 of 6 seconds: about a third of the whole.
      expect(part).toBeLessThan(whole * 0.5);
      expect(part).toBeGreaterThan(whole * 0.2);
    });

    it("downloads a live session's recording, and has nothing to hear without one", async () => {
      const video = join(folder, 'tone.mp4');
      const recordingUrl = fake.serveMedia('live.mp4', await readFile(video));
      const speech = createOpenAiCompatibleSpeech({ baseUrl: fake.url, apiKey, model: 'whisper-1' });
      fake.behave({ kind: 'transcribe', text: '家人们好。' });
      const live = { kind: 'live' as const, roomId: '73', title: '专场', goods: [], minutes: [] };
      expect((await speech.transcribe({ ...live, recordingUrl })).text).toBe('家人们好。');
      expect((await rejectionOf<SpeechError>(speech.transcribe({ ...live, recordingUrl: null }))).reason).toBe(
        'no_media',
      );
    });

    it('calls a file without sound no_media', async () => {
      const silent = join(folder, 'silent.mp4');
      makeTestMedia(silent, ['color=c=black:s=64x64:d=1']);
      expect((await rejectionOf<SpeechError>(prepareAudio(silent))).reason).toBe('no_media');
    });
  });
});
