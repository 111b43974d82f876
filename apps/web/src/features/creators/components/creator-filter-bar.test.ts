import { creatorSizeRanges } from '@dso/domain';
import { describe, expect, it } from 'vitest';
import { followerRangeText } from './creator-filter-bar';

describe('follower class hints', () => {
  it('reads each class range in round units', () => {
    expect(followerRangeText(creatorSizeRanges.tail)).toBe('1w以下');
    expect(followerRangeText(creatorSizeRanges.small)).toBe('1w-10w');
    expect(followerRangeText(creatorSizeRanges.mid)).toBe('10w-100w');
    expect(followerRangeText(creatorSizeRanges.shoulder)).toBe('100w-500w');
    expect(followerRangeText(creatorSizeRanges.head)).toBe('500w以上');
  });
});
