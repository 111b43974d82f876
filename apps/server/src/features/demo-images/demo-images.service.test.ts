import { describe, expect, it } from 'vitest';
import { createDemoImageRenderer } from './demo-images.service';

const cover = {
  kind: 'cover',
  key: '7301234567890123456',
  title: '露营装备避坑指南',
  subject: '露营装备',
  category: '旅游出行',
  width: 360,
} as const;

describe('the demo picture renderer', () => {
  it('draws the scene without its text when no CJK font is found, saying so once', async () => {
    const warnings: string[] = [];
    const renderer = createDemoImageRenderer({
      fontPath: '/nonexistent/NotoSansCJK-Regular.ttc',
      log: { warn: (message) => warnings.push(message) },
    });
    const png = await renderer.render(cover);
    expect(png.readUInt32BE(16)).toBe(360);
    await renderer.render({ ...cover, key: '7301234567890123457' });
    expect(warnings).toHaveLength(1);
    renderer.close();
  });

  it('keeps no more PNG bytes than its cache holds, drawing a dropped picture again the same', async () => {
    const renderer = createDemoImageRenderer({ cacheBytes: 1 });
    const first = await renderer.render(cover);
    await renderer.render({ ...cover, key: '7301234567890123457' });
    const again = await renderer.render(cover);
    expect(again).not.toBe(first);
    expect(again.equals(first)).toBe(true);
    renderer.close();
  });

  it('draws again in a new process after letting the last one go', async () => {
    const renderer = createDemoImageRenderer({ idleMs: 1 });
    const first = await renderer.render(cover);
    renderer.close();
    const other = await renderer.render({ ...cover, key: '7301234567890123458' });
    expect(other.readUInt32BE(16)).toBe(360);
    expect(other.equals(first)).toBe(false);
    renderer.close();
  });
});
