import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hasFfmpeg, makeTestMedia } from '../../testing/media';
import { rejectionOf } from '../../testing/rejection';
import {
  type FakeChatAudioBehaviour,
  type FakeChatAudioServer,
  startFakeChatAudioServer,
} from './fake-openai-chat-audio-server';
import { SpeechError, type SpeechSource } from './index';
import { createOpenAiChatAudioSpeech, NO_SPEECH_MARK, TRANSCRIBE_PROMPT } from './openai-chat-audio';

const apiKey = 'sk-fake-omni-0123456789';
const bytes = [73, 68, 51, 4, 0, 0, 250, 17];
const audio: SpeechSource = { kind: 'audio', data: new Uint8Array(bytes), filename: 'clip.mp3' };

/** The `input_audio` part and the text part of the call's user message. */
function partsOf(body: Record<string, unknown>) {
  const [message] = body.messages as Array<{ role: string; content: Array<Record<string, unknown>> }>;
  const audioPart = message!.content.find((part) => part.type === 'input_audio') as {
    input_audio: { data: string; format: string };
  };
  const textPart = message!.content.find((part) => part.type === 'text') as { text: string };
  return { role: message!.role, audio: audioPart.input_audio, text: textPart.text };
}

describe('the chat-audio speech adapter against a fake vendor', () => {
  let fake: FakeChatAudioServer;
  const adapter = (overrides: Partial<Parameters<typeof createOpenAiChatAudioSpeech>[0]> = {}) =>
    createOpenAiChatAudioSpeech({
      baseUrl: `${fake.url}/`,
      apiKey,
      model: 'qwen-omni-turbo',
      timeoutMs: 500,
      ...overrides,
    });
  /** What the adapter (with `overrides`) fails with once the fake behaves so. */
  const failureWhen = (behaviour: FakeChatAudioBehaviour, overrides: Parameters<typeof adapter>[0] = {}) => {
    fake.behave(behaviour);
    return rejectionOf<SpeechError>(adapter(overrides).transcribe(audio));
  };

  beforeAll(async () => {
    fake = await startFakeChatAudioServer({ apiKey });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
  });

  it('sends the audio as a Base64 input_audio part with the instruction, streamed, and joins the pieces', async () => {
    fake.behave({ kind: 'answer', text: '', pieces: ['大家好。', '今天讲', '露营装备。'] });
    const speech = adapter();
    const transcript = await speech.transcribe(audio);
    expect(transcript.text).toBe('大家好。今天讲露营装备。');
    expect(transcript.segments.map((segment) => segment.text)).toEqual(['大家好。', '今天讲露营装备。']);
    const [sent] = fake.requests;
    expect(sent!.authorization).toBe(`Bearer ${apiKey}`);
    expect(sent!.body).toMatchObject({ model: 'qwen-omni-turbo', stream: true });
    const parts = partsOf(sent!.body);
    expect(parts.role).toBe('user');
    expect(parts.audio.format).toBe('mp3');
    expect([...Buffer.from(parts.audio.data, 'base64')]).toEqual(bytes);
    expect(parts.text).toBe(TRANSCRIBE_PROMPT);
    expect(speech.name).toBe('openai-chat:qwen-omni-turbo');
    expect(speech.concurrency).toBe(4);
  });

  it("sends a data URL (DashScope's form) and reads a whole answer when not streaming", async () => {
    fake.behave({ kind: 'answer', text: '  欢迎来到直播间。\n' });
    const transcript = await adapter({ audioData: 'data-url', stream: false }).transcribe(audio);
    expect(transcript.text).toBe('欢迎来到直播间。');
    const [sent] = fake.requests;
    expect(sent!.body.stream).toBe(false);
    const { data } = partsOf(sent!.body).audio;
    expect(data.startsWith('data:;base64,')).toBe(true);
    expect([...Buffer.from(data.slice('data:;base64,'.length), 'base64')]).toEqual(bytes);
  });

  it("surfaces the vendor's refusal of the key with its message", async () => {
    const wrong = await rejectionOf<SpeechError>(adapter({ apiKey: 'sk-wrong' }).transcribe(audio));
    expect(wrong).toBeInstanceOf(SpeechError);
    expect(wrong.reason).toBe('unauthorized');
    expect(wrong.message).toBe('the speech model answered HTTP 401: Incorrect API key provided.');
  });

  it.each([
    {
      status: 429,
      body: { error: { message: 'Requests rate limit exceeded', code: 'Throttling.RateQuota' } },
      headers: { 'Retry-After': '7' },
      failure: { reason: 'rate_limited', detail: 'Requests rate limit exceeded (Retry-After 7)' },
    },
    {
      status: 400,
      body: { error: { message: 'The audio is too long: at most 3 minutes', code: 'InvalidParameter' } },
      failure: {
        reason: 'unavailable',
        message: 'the speech model answered HTTP 400: The audio is too long: at most 3 minutes',
      },
    },
  ])("surfaces the vendor's HTTP $status with its message", async ({ failure, ...reply }) => {
    expect(await failureWhen({ kind: 'status', ...reply })).toMatchObject(failure);
  });

  it('surfaces an error reported inside a 200 stream', async () => {
    const quota = await failureWhen({
      kind: 'stream-error',
      error: { message: 'Allocated quota exceeded', code: 'Throttling.AllocationQuota' },
    });
    expect(quota.reason).toBe('rate_limited');
    expect(quota.message).toBe('the speech model reported an error: Allocated quota exceeded');
    const internal = await failureWhen({
      kind: 'stream-error',
      error: { message: 'Internal error', code: 'InternalError' },
    });
    expect(internal.reason).toBe('unavailable');
  });

  it('does not take a cut-off stream for a transcript, and gives up on a silent vendor', async () => {
    expect(await failureWhen({ kind: 'cut' })).toMatchObject({
      reason: 'unavailable',
      message: 'the transcription stream ended without [DONE]',
    });
    expect(await failureWhen({ kind: 'hang' })).toMatchObject({
      reason: 'unavailable',
      message: 'the transcription timed out',
    });
  });

  it('calls an answer of no speech no_media', async () => {
    expect((await failureWhen({ kind: 'answer', text: NO_SPEECH_MARK })).reason).toBe('no_media');
    expect((await failureWhen({ kind: 'answer', text: ' ' }, { stream: false })).reason).toBe('no_media');
  });

  it('needs a key and a model', () => {
    expect(() => createOpenAiChatAudioSpeech({ baseUrl: fake.url, apiKey: '', model: 'm' })).toThrow(/SPEECH_API_KEY/);
    expect(() => createOpenAiChatAudioSpeech({ baseUrl: fake.url, apiKey, model: '' })).toThrow(/SPEECH_MODEL/);
  });

  describe.runIf(hasFfmpeg)('with ffmpeg', () => {
    let folder: string;
    beforeAll(async () => {
      folder = await mkdtemp(join(tmpdir(), 'dso-chat-audio-test-'));
    });
    afterAll(() => rm(folder, { recursive: true, force: true }));

    it('downloads a video, cuts its audio to WAV when so configured, and spreads the sentences over it', async () => {
      const video = join(folder, 'tone.mp4');
      expect(makeTestMedia(video, ['sine=frequency=440:duration=2', 'color=c=black:s=64x64:d=2'])).toBe(0);
      const playUrl = fake.serveMedia('tone.mp4', await readFile(video));
      fake.behave({ kind: 'answer', text: '嘟。嘟嘟。' });
      const transcript = await adapter({ audioFormat: 'wav', timeoutMs: 10_000 }).transcribe({
        kind: 'video',
        awemeId: '7',
        playUrl,
        durationMs: 2000,
      });
      expect(transcript.segments).toEqual([
        { start: 0, end: 0.8, text: '嘟。' },
        { start: 0.8, end: 2, text: '嘟嘟。' },
      ]);
      const sent = partsOf(fake.requests.at(-1)!.body).audio;
      expect(sent.format).toBe('wav');
      const wav = Buffer.from(sent.data, 'base64');
      expect(wav.subarray(0, 4).toString('latin1')).toBe('RIFF');
      // 16-bit mono at 16 kHz: 32 000 bytes a second.
      expect(wav.byteLength).toBeGreaterThan(60_000);
    });

    it('cuts given audio of another format (m4a) to the configured one before sending', async () => {
      const clip = join(folder, 'clip.m4a');
      expect(makeTestMedia(clip, ['sine=frequency=440:duration=1'])).toBe(0);
      fake.behave({ kind: 'answer', text: '嘟。' });
      await adapter({ timeoutMs: 10_000 }).transcribe({
        kind: 'audio',
        data: await readFile(clip),
        filename: 'clip.m4a',
      });
      const sent = partsOf(fake.requests.at(-1)!.body).audio;
      expect(sent.format).toBe('mp3');
      expect(Buffer.from(sent.data, 'base64').byteLength).toBeGreaterThan(1_000);
    });
  });
});
