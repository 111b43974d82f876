import { describe, expect, it } from 'vitest';
import { replayPath, roomIdOf } from './live-replay-link';

describe('live replay links', () => {
  it('reads the room id of a pasted id or live address', () => {
    expect(roomIdOf(' 7312345 ')).toBe('7312345');
    expect(roomIdOf('https://dso.example/livegoods/detail/7399?x=1')).toBe('7399');
    expect(roomIdOf('/live_studio?lid=73abc_1')).toBe('73abc_1');
    expect(roomIdOf('看看这个直播')).toBeNull();
    expect(roomIdOf('https://example.com/other')).toBeNull();
  });

  it('opens a replay by its id', () => {
    expect(replayPath(12)).toBe('/liveReplay/12');
  });
});
