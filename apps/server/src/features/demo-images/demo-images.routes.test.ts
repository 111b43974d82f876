import { Code } from '@dso/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/route-suite';
import { demoImageUrl } from './index';

/** The width and height a PNG's header gives. */
const sizeOf = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('the demo pictures', () => {
  const t = useTestApp();

  // Unsigned, as an <img> asks.
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const cover = demoImageUrl('cover', {
    key: '7301234567890123456',
    title: '露营装备推荐｜露营装备避坑指南，看完少花冤枉钱',
    subject: '露营装备',
    category: '旅游出行',
  });

  it('draws a cover as a PNG cached for a year as immutable, the same bytes each time it is asked', async () => {
    const first = await get(cover);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(first.rawPayload.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(sizeOf(first.rawPayload)).toEqual({ width: 360, height: 480 });
    const again = await get(cover);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    // Another work of the same subject gets its own picture.
    const other = await get(cover.replace('7301234567890123456', '7301234567890123457'));
    expect(other.rawPayload.equals(first.rawPayload)).toBe(false);
  });

  it('draws avatars, goods and live covers at their list sizes and at an asked width', async () => {
    const avatar = demoImageUrl('avatar', { key: 'u_42', title: '小鹿爱露营', category: '旅游出行' });
    const goods = demoImageUrl('goods', { key: '3500000000000001', title: '露营装备礼盒装', category: '旅游出行' });
    const live = demoImageUrl('live', { key: '9000001', title: '旅游专场，福利不停', category: '旅游出行' });
    expect(sizeOf((await get(avatar)).rawPayload)).toEqual({ width: 128, height: 128 });
    expect(sizeOf((await get(`${avatar}&w=64`)).rawPayload)).toEqual({ width: 64, height: 64 });
    expect(sizeOf((await get(goods)).rawPayload)).toEqual({ width: 240, height: 240 });
    expect(sizeOf((await get(live)).rawPayload)).toEqual({ width: 360, height: 270 });
    expect(sizeOf((await get(`${cover}&w=540`)).rawPayload)).toEqual({ width: 540, height: 720 });
  });

  it('refuses an unknown kind, a width not offered, an odd key and a missing title in the envelope', async () => {
    for (const url of [
      cover.replace('/cover/', '/poster/'),
      `${cover}&w=4000`,
      `${cover}&w=abc`,
      cover.replace('7301234567890123456.png', 'a%20b!.png'),
      cover.replace('.png', '.jpg'),
      cover.replace(/t=[^&]*/, 't='),
      cover.replace(/t=[^&]*/, `t=${'长'.repeat(41)}`),
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({ code: Code.BAD_REQUEST, data: null });
      expect(response.json().msg, url).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});
