import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { testCardStyle as style } from './card-style.fixtures';
import { CARD_HEIGHT, CARD_WIDTH, cardSvg, createSandboxImages, SANDBOX_CARD_LABEL, wrapText } from './sandbox';

describe('sandbox image cards', () => {
  it('wraps Chinese anywhere, keeps Latin words whole and ends a cut text with …', () => {
    expect(wrapText('露营装备清单', 100, 300, 5)).toEqual(['露营装', '备清单']);
    expect(wrapText('买 Coleman 帐篷', 50, 300, 5)).toEqual(['买 Coleman', '帐篷']);
    // resvg has no colour emoji font: an emoji would be drawn as an empty box, so it is left out.
    expect(wrapText('火锅技巧 🔥 必吃❤️ 👍🏻', 50, 1_000, 5)).toEqual(['火锅技巧 必吃']);
    const cut = wrapText('一二三四五六七八九十', 100, 300, 2);
    expect(cut).toHaveLength(2);
    expect(cut[1]!.endsWith('…')).toBe(true);
  });

  it('draws the cover with the title, the keyword tag and the sandbox label, escaping markup', () => {
    const svg = cardSvg({ title: '露营<装备>', keyword: '露营装备', points: [], index: 0, total: 4 }, style);
    expect(svg).toContain('露营&lt;装备&gt;');
    expect(svg).toContain('# 露营装备');
    expect(svg).toContain('共 3 页干货');
    expect(svg).toContain(SANDBOX_CARD_LABEL);
    expect(svg).toContain(style.primaryColor);
  });

  it('numbers the points of later cards across pages', () => {
    const svg = cardSvg(
      { title: 't', keyword: 'k', points: ['甲', '乙'], index: 2, total: 3 },
      { ...style, template: 'note' },
    );
    expect(svg).toContain('>3</text>');
    expect(svg).toContain('>4</text>');
    expect(svg).toContain('2/2');
    const last = cardSvg({ title: 't', keyword: 'k', points: ['丙'], index: 3, total: 4, firstNumber: 5 }, style);
    expect(last).toContain('>5</text>');
  });

  it('renders a PNG card of 1080×1440 with ink on it', async () => {
    const image = await createSandboxImages().generate({
      prompt: '',
      card: { title: '露营装备清单', keyword: '露营装备', points: [], index: 0, total: 3 },
      style: { ...style, template: 'solid', backgroundColor: '#ffffff', textColor: '#111111' },
    });
    expect(image.mime).toBe('image/png');
    const png = PNG.sync.read(Buffer.from(image.data));
    expect([png.width, png.height]).toEqual([CARD_WIDTH, CARD_HEIGHT]);
    // Some pixels of the middle band (the title) are dark: the font drew glyphs.
    let dark = 0;
    for (let y = 500; y < 900; y += 2) {
      for (let x = 0; x < CARD_WIDTH; x += 2) if (png.data[(y * CARD_WIDTH + x) * 4]! < 80) dark++;
    }
    expect(dark).toBeGreaterThan(500);
  });
});
