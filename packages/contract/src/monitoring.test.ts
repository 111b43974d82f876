import { keywordMessages } from '@dso/domain';
import { describe, expect, it } from 'vitest';
import { monitorListQuerySchema } from './monitoring';

describe('the monitor list query', () => {
  it('limits the keyword filter to 30 characters as the domain counts them', () => {
    // 29 Chinese characters and an emoji: 30 characters, 31 UTF-16 units.
    expect(monitorListQuerySchema.safeParse({ keyword: `${'口'.repeat(29)}😀` }).success).toBe(true);
    const tooLong = monitorListQuerySchema.safeParse({ keyword: `${'口'.repeat(30)}😀` });
    expect(tooLong.error?.issues.map((issue) => issue.message)).toEqual([keywordMessages.tooLong]);
  });
});
