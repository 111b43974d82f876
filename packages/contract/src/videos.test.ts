import { keywordMessages } from '@dso/domain';
import { describe, expect, it } from 'vitest';
import { CreatorPath, competitorsQuerySchema, creatorListQuerySchema } from './creators';
import { FavouritePath, favouriteBodySchema } from './favourites';
import { LivePath, liveDetailQuerySchema } from './live';
import { TopicPath } from './topics';
import {
  VideoPath,
  videoCommentsQuerySchema,
  videoDetailQuerySchema,
  videoKeywordsBodySchema,
  videoLimits,
  videoMessages,
  videoSearchQuerySchema,
  videoTrendQuerySchema,
} from './videos';

const messagesOf = (result: { error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

/** 29 Chinese characters and an emoji: 30 characters, 31 UTF-16 units. */
const thirty = `${'口'.repeat(29)}😀`;
const thirtyOne = `${'口'.repeat(30)}😀`;

describe('video ids', () => {
  it('says 链接丢失啦，请稍后再试~ for a detail call without an id', () => {
    expect(messagesOf(videoDetailQuerySchema.safeParse({}))).toEqual([videoMessages.linkMissing]);
    expect(messagesOf(videoDetailQuerySchema.safeParse({ awemeId: '  ' }))).toEqual([videoMessages.linkMissing]);
  });

  it('accepts a 19-digit aweme id and a sec_uid-like id, and refuses other characters', () => {
    expect(videoDetailQuerySchema.parse({ awemeId: '7301234567890123456' }).awemeId).toBe('7301234567890123456');
    expect(videoDetailQuerySchema.safeParse({ awemeId: 'MS4wLjABAAAA_x-Yz' }).success).toBe(true);
    expect(videoDetailQuerySchema.safeParse({ awemeId: '7301/../x' }).success).toBe(false);
  });
});

describe('the live detail query', () => {
  it('says 链接错误，请检查链接是否正确 without a lid', () => {
    expect(messagesOf(liveDetailQuerySchema.safeParse({}))).toEqual([videoMessages.liveLinkError]);
    expect(liveDetailQuerySchema.parse({ lid: '7312345' }).lid).toBe('7312345');
  });
});

describe('the trend query', () => {
  it('defaults to the H72 window without history and reads the text forms of history', () => {
    expect(videoTrendQuerySchema.parse({ aweme_id: '1' })).toEqual({ aweme_id: '1', day_cycle: 'H72', history: false });
    expect(videoTrendQuerySchema.parse({ aweme_id: '1', history: 'false' }).history).toBe(false);
    expect(videoTrendQuerySchema.parse({ aweme_id: '1', history: 'true' }).history).toBe(true);
  });

  it('refuses any window but H72', () => {
    expect(videoTrendQuerySchema.safeParse({ aweme_id: '1', day_cycle: 'H24' }).success).toBe(false);
  });
});

describe('the comments query', () => {
  it('starts at page 1 and reads page numbers from the query string', () => {
    expect(videoCommentsQuerySchema.parse({ awemeId: '1' }).pageNo).toBe(1);
    expect(videoCommentsQuerySchema.parse({ awemeId: '1', pageNo: '10' }).pageNo).toBe(10);
  });

  it('refuses an eleventh page with 最多查看10页评论', () => {
    expect(messagesOf(videoCommentsQuerySchema.safeParse({ awemeId: '1', pageNo: 11 }))).toEqual([
      videoMessages.commentPageLimit,
    ]);
    expect(videoLimits.commentMaxPages * videoLimits.commentPageSize).toBe(200);
  });
});

describe('the related keyword table body', () => {
  it('sorts by month_cover_count descending, 10 a page, when the client sends no order', () => {
    const body = videoKeywordsBodySchema.parse({ params_data: { video_id: '1' } });
    expect(body.orders).toEqual([{ column: 'month_cover_count', asc: false }]);
    expect(body.page_size).toBe(10);
    expect(body.page_no).toBe(1);
    expect(videoKeywordsBodySchema.parse({ orders: [], params_data: { video_id: '1' } }).orders).toEqual([
      { column: 'month_cover_count', asc: false },
    ]);
  });

  it('keeps the orders the client sends', () => {
    const orders = [
      { column: 'competition', asc: true },
      { column: 'keyword', asc: false },
    ];
    expect(videoKeywordsBodySchema.parse({ orders, params_data: { video_id: '1' } }).orders).toEqual(orders);
  });

  it('refuses a column the table does not have', () => {
    const body = { orders: [{ column: 'video_id', asc: true }], params_data: { video_id: '1' } };
    expect(videoKeywordsBodySchema.safeParse(body).success).toBe(false);
  });

  it('refuses ranges whose start lies above their end, and competition outside 1–4', () => {
    const parse = (params: Record<string, unknown>) =>
      videoKeywordsBodySchema.safeParse({ params_data: { video_id: '1', ...params } });
    expect(messagesOf(parse({ competition_start: 3, competition_end: 2 }))).toEqual([videoMessages.rangeOrder]);
    expect(messagesOf(parse({ month_cover_count_start: 500, month_cover_count_end: 100 }))).toEqual([
      videoMessages.rangeOrder,
    ]);
    expect(parse({ competition_start: 0 }).success).toBe(false);
    expect(parse({ competition_end: 5 }).success).toBe(false);
    expect(parse({ competition_start: 2, competition_end: 2, month_cover_count_start: 0 }).success).toBe(true);
  });

  it('limits the keyword filter to 30 characters as the domain counts them', () => {
    const parse = (keyword: string) => videoKeywordsBodySchema.safeParse({ params_data: { video_id: '1', keyword } });
    expect(parse(thirty).success).toBe(true);
    expect(messagesOf(parse(thirtyOne))).toEqual([keywordMessages.tooLong]);
  });
});

describe('video search', () => {
  it('needs a keyword of 1–30 characters, with the keyword messages', () => {
    expect(messagesOf(videoSearchQuerySchema.safeParse({ keyword: '' }))).toEqual([keywordMessages.required]);
    expect(messagesOf(videoSearchQuerySchema.safeParse({ keyword: thirtyOne }))).toEqual([keywordMessages.tooLong]);
    expect(videoSearchQuerySchema.parse({ keyword: thirty })).toMatchObject({ sort: 'good_count', page_size: 20 });
  });

  it('sorts only by what the indexes serve', () => {
    expect(videoSearchQuerySchema.safeParse({ keyword: '探店', sort: 'create_time' }).success).toBe(true);
    expect(videoSearchQuerySchema.safeParse({ keyword: '探店', sort: 'share_count' }).success).toBe(false);
  });
});

describe('the creator library query', () => {
  it('reads its filters from the query string', () => {
    const query = creatorListQuerySchema.parse({
      size_class: 'mid',
      is_commerce: 'true',
      province: '广东',
      page_size: '30',
    });
    expect(query).toMatchObject({ size_class: 'mid', is_commerce: true, province: '广东', page_size: 30 });
    expect(query.sort).toBe('total_follower_count');
  });

  it('refuses an unknown follower class and an unknown sort', () => {
    expect(creatorListQuerySchema.safeParse({ size_class: 'giant' }).success).toBe(false);
    expect(creatorListQuerySchema.safeParse({ sort: 'nick_name' }).success).toBe(false);
  });
});

describe('the competitors query', () => {
  it('needs an account or a keyword', () => {
    expect(messagesOf(competitorsQuerySchema.safeParse({}))).toEqual([videoMessages.competitorsInput]);
    expect(competitorsQuerySchema.safeParse({ keyword: '美食探店' }).success).toBe(true);
    expect(competitorsQuerySchema.safeParse({ userId: '1002' }).success).toBe(true);
  });
});

describe('favourites', () => {
  it('collects a keyword by its text, within the keyword limit', () => {
    expect(favouriteBodySchema.safeParse({ type: 'collectDouyin', subject: '美食 探店' }).success).toBe(true);
    expect(messagesOf(favouriteBodySchema.safeParse({ type: 'collectRso', subject: thirtyOne }))).toEqual([
      keywordMessages.tooLong,
    ]);
  });

  it('collects videos and creators by platform id only', () => {
    expect(favouriteBodySchema.safeParse({ type: 'collectVideo', subject: '7301234567890123456' }).success).toBe(true);
    expect(messagesOf(favouriteBodySchema.safeParse({ type: 'collectUser', subject: '美食 探店' }))).toEqual([
      videoMessages.linkMissing,
    ]);
  });
});

describe('the video library area paths', () => {
  it('keeps every path under /api/ and unique', () => {
    const paths = [VideoPath, CreatorPath, LivePath, TopicPath, FavouritePath].flatMap((table) => Object.values(table));
    expect(new Set(paths).size).toBe(paths.length);
    // The library's calls under their subjects; the admin import (and its report by id) under /api/admin/.
    for (const path of paths) {
      expect(path).toMatch(
        /^\/api\/((video|creator|live|topic|favourite)\/[a-z_]+|admin\/videos\/(import|imports\/:id))$/,
      );
    }
  });
});
