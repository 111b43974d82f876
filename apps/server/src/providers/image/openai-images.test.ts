import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCardStyle as style } from './card-style.fixtures';
import { type FakeImagesServer, startFakeImagesServer } from './fake-openai-images-server';
import { ImageError } from './index';
import { createOpenAiImages } from './openai-images';

const KEY = 'sk-images-test';
const card = { title: '露营装备清单', keyword: '露营装备', points: [], index: 0, total: 3 };

function tinyPng(): Uint8Array {
  const png = new PNG({ width: 2, height: 2 });
  png.data.fill(200);
  return new Uint8Array(PNG.sync.write(png));
}

describe('OpenAI-compatible images adapter against the fake vendor', () => {
  let fake: FakeImagesServer;
  const picture = tinyPng();
  beforeAll(async () => {
    fake = await startFakeImagesServer({ apiKey: KEY, picture });
  });
  afterAll(() => fake.close());

  const adapter = (overrides: Partial<Parameters<typeof createOpenAiImages>[0]> = {}) =>
    createOpenAiImages({ baseUrl: fake.url, apiKey: KEY, model: 'gpt-image-1', ...overrides });

  it('posts model, prompt, n and size with the Bearer key and reads a b64_json picture', async () => {
    fake.behave({ kind: 'image' });
    const image = await adapter({ size: '1024x1536' }).generate({ prompt: '露营封面', card, style });
    expect(image.mime).toBe('image/png');
    expect(Buffer.from(image.data).equals(Buffer.from(picture))).toBe(true);
    const last = fake.requests.at(-1)!;
    expect(last.authorization).toBe(`Bearer ${KEY}`);
    expect(last.body).toEqual({ model: 'gpt-image-1', prompt: '露营封面', n: 1, size: '1024x1536' });
  });

  it('asks for and downloads the url form', async () => {
    fake.behave({ kind: 'image' });
    const image = await adapter({ responseFormat: 'url', model: 'dall-e-3' }).generate({ prompt: 'p', card, style });
    expect(fake.requests.at(-1)!.body.response_format).toBe('url');
    expect(Buffer.from(image.data).equals(Buffer.from(picture))).toBe(true);
  });

  it('classifies a refused key, a rate limit, a content refusal and a server failure', async () => {
    await expect(
      createOpenAiImages({ baseUrl: fake.url, apiKey: 'wrong', model: 'm' }).generate({ prompt: 'p', card, style }),
    ).rejects.toMatchObject({ reason: 'unauthorized' });
    fake.behave({ kind: 'status', status: 429, body: { error: { message: 'Rate limit reached' } } });
    await expect(adapter().generate({ prompt: 'p', card, style })).rejects.toMatchObject({ reason: 'rate_limited' });
    fake.behave({
      kind: 'status',
      status: 400,
      body: { error: { message: 'Your request was rejected', code: 'content_policy_violation' } },
    });
    await expect(adapter().generate({ prompt: 'p', card, style })).rejects.toMatchObject({ reason: 'refused' });
    fake.behave({ kind: 'status', status: 503 });
    await expect(adapter().generate({ prompt: 'p', card, style })).rejects.toMatchObject({ reason: 'unavailable' });
  });

  it('refuses an answer that is not a picture', async () => {
    fake.behave({ kind: 'not-an-image' });
    const failure = await adapter()
      .generate({ prompt: 'p', card, style })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ImageError);
    expect(failure).toMatchObject({ reason: 'unavailable' });
  });

  it('gives up on a vendor that never answers', async () => {
    fake.behave({ kind: 'hang' });
    await expect(adapter({ timeoutMs: 200 }).generate({ prompt: 'p', card, style })).rejects.toMatchObject({
      reason: 'unavailable',
      message: 'the images service timed out',
    });
  });

  it('needs a key and a model', () => {
    expect(() => createOpenAiImages({ baseUrl: fake.url, apiKey: '', model: 'm' })).toThrow(/IMAGE_API_KEY/);
    expect(() => createOpenAiImages({ baseUrl: fake.url, apiKey: KEY, model: '' })).toThrow(/IMAGE_MODEL/);
  });
});
