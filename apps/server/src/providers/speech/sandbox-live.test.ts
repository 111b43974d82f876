import { describe, expect, it } from 'vitest';
import type { LiveSpeechSource } from './index';
import { liveScript } from './sandbox-live';

const goods = [
  { title: '露营折叠椅', price_fen: 9_990, sales: 300 },
  { title: '户外天幕', price_fen: 29_990, sales: 20 },
];
const minutes = Array.from({ length: 40 }, (_, minute) => ({
  minute,
  online: minute < 20 ? 300 : minute < 25 ? 900 : 200,
  salesFen: minute === 22 ? 500_000 : minute % 3 === 0 ? 10_000 : 0,
}));
const source = (over: Partial<LiveSpeechSource> = {}): LiveSpeechSource => ({
  kind: 'live',
  roomId: '7311',
  title: '露营好物专场',
  recordingUrl: null,
  goods,
  minutes,
  ...over,
});

describe("the sandbox's live transcript", () => {
  it('speaks one timed piece a minute: an opening, the goods in turn with their prices, a close', () => {
    const { segments, text } = liveScript(source());
    expect(segments).toHaveLength(40);
    expect(segments[5]).toMatchObject({ start: 300, end: 360 });
    expect(segments[0]!.text).toContain('露营好物专场');
    expect(segments[1]!.text).toContain('2款好物');
    expect(text).toContain('露营折叠椅');
    expect(text).toContain('户外天幕');
    expect(text).toContain('99.9元');
    expect(text).toContain('299.9元');
    expect(segments.at(-1)!.text).toMatch(/下播|下场直播见/);
  });

  it('follows the curve: a welcome at the jump, a giveaway at the fall, orders at the sales burst', () => {
    const { segments } = liveScript(source());
    expect(segments[20]!.text).toMatch(/欢迎刚进直播间|一下子进来好多人/);
    expect(segments[20]!.text).toContain('900');
    expect(segments[25]!.text).toMatch(/福利|优惠券|抽/);
    expect(segments[22]!.text).toMatch(/拍下|卖出去/);
  });

  it('gives the better-selling good longer turns', () => {
    const { segments } = liveScript(source());
    const about = (title: string) => segments.filter((segment) => segment.text.includes(title)).length;
    expect(about('露营折叠椅')).toBeGreaterThan(about('户外天幕'));
  });

  it('reads the same for the same session and differently for another', () => {
    expect(liveScript(source())).toEqual(liveScript(source()));
    const other = liveScript(
      source({ roomId: '7322', title: '宠粉日', goods: [{ title: '保温杯', price_fen: 3_990, sales: 10 }] }),
    );
    expect(other.text).toContain('保温杯');
    expect(other.text).not.toContain('露营折叠椅');
  });
});
