import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejectionOf } from '../../testing/rejection';
import { type FakeTikhub, startFakeTikhub } from './fake-tikhub';
import type { PlatformDataError, PlatformDataProvider } from './index';
import { createTikhubPlatformData } from './tikhub';

const apiKey = 'tikhub-test-key-0123456789';
const author = 'MS4wLjABAAAAn1Fx8l7kNqZr0sTcM2wYvA3eBdHgJpLu5oKiXyQ';
const fetchedAt = new Date('2026-11-20T08:00:00Z');

describe('the TikHub platform data adapter against a fake TikHub', () => {
  let fake: FakeTikhub;
  let source: PlatformDataProvider;

  beforeAll(async () => {
    fake = await startFakeTikhub({ apiKey });
    source = createTikhubPlatformData({ baseUrl: `${fake.url}/`, apiKey, timeoutMs: 2_000, now: () => fetchedAt });
    fake.addUser({
      secUid: author,
      uid: '68141954464',
      uniqueId: 'chuanchuan_88',
      nickname: '川川的厨房',
      followers: 1_234_567,
      totalFavorited: 45_600_000,
      awemeCount: 45,
      gender: 2,
      province: '',
      city: '',
      ipLocation: 'IP属地：四川',
      enterpriseVerify: '成都川川餐饮管理有限公司',
      commerce: true,
    });
    fake.addAweme({
      awemeId: '7448118827402972455',
      authorSecUid: author,
      desc: '家常回锅肉这样做才香 #回锅肉 #家常菜',
      hashtags: ['回锅肉', '家常菜', '回锅肉'],
      createTime: 1_731_900_000,
      durationMs: 62_480,
      digg: 182_000,
      comments: 5_400,
      shares: 3_100,
      collects: 21_000,
      musicId: '7301234567890123457',
      musicTitle: '@川川的厨房创作的原声',
    });
    // 45 works, one a minute apart, for paging.
    for (let index = 0; index < 45; index++) {
      fake.addAweme({
        awemeId: `73000000000000${String(index).padStart(5, '0')}`,
        authorSecUid: author,
        desc: `第${index}道菜`,
        createTime: 1_700_000_000 + index * 60,
        digg: index,
      });
    }
  });
  afterAll(() => fake.close());

  describe('a video', () => {
    it('reads one video into our record, in our units', async () => {
      const video = await source.fetchVideo('7448118827402972455');
      expect(video).toEqual({
        awemeId: '7448118827402972455',
        authorUserId: author,
        desc: '家常回锅肉这样做才香 #回锅肉 #家常菜',
        tags: ['回锅肉', '家常菜'],
        cover: expect.stringContaining('cover-7448118827402972455'),
        shareUrl: expect.stringContaining('/share/video/7448118827402972455/'),
        playUrl: expect.stringContaining('/7448118827402972455/video/'),
        createTime: new Date(1_731_900_000_000),
        durationMs: 62_480,
        goodCount: 182_000,
        commentCount: 5_400,
        shareCount: 3_100,
        collectCount: 21_000,
        // Read from id_str: the numeric id would have been rounded.
        musicId: '7301234567890123457',
        musicTitle: '@川川的厨房创作的原声',
        goods: null,
        status: 'normal',
        fetchedAt,
      });
    });

    it('asks the documented endpoint with the Bearer key', async () => {
      await source.fetchVideo('7448118827402972455');
      const request = fake.requests.findLast((item) => item.path === '/api/v1/douyin/app/v3/fetch_one_video');
      expect(request?.query).toEqual({ aweme_id: '7448118827402972455' });
      expect(request?.authorization).toBe(`Bearer ${apiKey}`);
    });

    it('reads an image-text post as duration 0 without a play address, its first image as cover', async () => {
      fake.addAweme({
        awemeId: '7448118827402970001',
        authorSecUid: author,
        images: ['https://p3-sign.douyinpic.com/tos-cn-i/one.jpeg', 'https://p3-sign.douyinpic.com/tos-cn-i/two.jpeg'],
      });
      const post = await source.fetchVideo('7448118827402970001');
      expect(post?.durationMs).toBe(0);
      expect(post?.playUrl).toBeNull();
      expect(post?.cover).toContain('cover-7448118827402970001');
    });

    it('reports a deleted work as deleted and a private one as hidden', async () => {
      fake.addAweme({ awemeId: '7448118827402970002', authorSecUid: author, deleted: true, private: true });
      fake.addAweme({ awemeId: '7448118827402970003', authorSecUid: author, private: true });
      expect((await source.fetchVideo('7448118827402970002'))?.status).toBe('deleted');
      expect((await source.fetchVideo('7448118827402970003'))?.status).toBe('hidden');
    });

    it('resolves null for a video Douyin does not know', async () => {
      expect(await source.fetchVideo('7000000000000000000')).toBeNull();
    });

    it('keeps no trend: the refresh job builds it from its own snapshots', async () => {
      expect(await source.fetchTrend('7448118827402972455')).toEqual([]);
    });
  });

  describe('a creator', () => {
    it('reads the profile, with the sec_uid as the user id and the IP province standing in', async () => {
      const creator = await source.fetchCreator(author);
      expect(creator).toEqual({
        userId: author,
        uniqueId: 'chuanchuan_88',
        nickName: '川川的厨房',
        avatar: expect.stringContaining('1080x1080'),
        signature: '每天分享一点生活',
        gender: 2,
        province: '四川',
        city: '',
        field: null,
        verified: true,
        verifyInfo: '成都川川餐饮管理有限公司',
        isCommerce: true,
        mcn: null,
        followerCount: 1_234_567,
        totalFavorited: 45_600_000,
        awemeCount: 45,
        videoCommentTotalCount: null,
        videoShareTotalCount: null,
        videoCollectTotalCount: null,
        salesAmountFen30d: null,
        liveCount: null,
        fetchedAt,
      });
    });

    it('resolves null for an account Douyin does not know', async () => {
      expect(await source.fetchCreator('MS4wLjABAAAAnobody')).toBeNull();
    });

    it("pages through a creator's works newest first with the opaque cursor", async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page = await source.fetchCreatorVideos(author, cursor);
        seen.push(...page.items.map((item) => item.awemeId));
        cursor = page.nextCursor;
        pages++;
      } while (cursor !== null && pages < 10);
      // 45 numbered works plus the videos and posts the other tests added (at most 5 more).
      expect(pages).toBeGreaterThanOrEqual(3);
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toContain('7300000000000000044');
      expect(seen).toContain('7300000000000000000');
      expect(seen.indexOf('7300000000000000044')).toBeLessThan(seen.indexOf('7300000000000000000'));
      const asked = fake.requests.filter((item) => item.path === '/api/v1/douyin/app/v3/fetch_user_post_videos');
      expect(asked.at(-pages)?.query).toMatchObject({ sec_user_id: author, max_cursor: '0', count: '20' });
    });

    it('answers an empty last page for an unknown account', async () => {
      expect(await source.fetchCreatorVideos('MS4wLjABAAAAnobody', null)).toEqual({
        items: [],
        nextCursor: null,
        total: null,
      });
    });

    it('refuses a cursor it did not make, without calling TikHub', async () => {
      const before = fake.requests.length;
      await expect(source.fetchCreatorVideos(author, 'page-2')).rejects.toThrow(TypeError);
      await expect(source.searchVideos('回锅肉', '42')).rejects.toThrow(TypeError);
      expect(fake.requests.length).toBe(before);
    });
  });

  describe('comments', () => {
    it('reads comments most liked first, page by page, with the total', async () => {
      fake.addComments(
        '7448118827402972455',
        Array.from({ length: 25 }, (_, index) => ({
          cid: `74481188274029${String(index).padStart(5, '0')}`,
          text: `第${index}条评论`,
          digg: 1000 - index,
          replies: index % 3,
          nickname: `食客${index}`,
          createTime: 1_731_903_600 + index,
        })),
      );
      const first = await source.fetchComments('7448118827402972455', null);
      expect(first.total).toBe(25);
      expect(first.items).toHaveLength(20);
      expect(first.items[0]).toEqual({
        cid: '7448118827402900000',
        text: '第0条评论',
        createTime: new Date(1_731_903_600_000),
        diggCount: 1000,
        replyCount: 0,
        nickname: '食客0',
        avatarUrl: expect.stringContaining('7448118827402900000'),
      });
      expect(first.nextCursor).not.toBeNull();
      const second = await source.fetchComments('7448118827402972455', first.nextCursor);
      expect(second.items.map((item) => item.text)).toEqual(
        Array.from({ length: 5 }, (_, index) => `第${index + 20}条评论`),
      );
      expect(second.nextCursor).toBeNull();
    });

    it('answers an empty page for a video without comments (Douyin sends comments: null)', async () => {
      expect(await source.fetchComments('7000000000000000000', null)).toEqual({
        items: [],
        nextCursor: null,
        total: 0,
      });
    });
  });

  describe('search', () => {
    it('pages through search results, carrying the first page’s search id, skipping other kinds', async () => {
      const ids = Array.from({ length: 14 }, (_, index) => `73000000000000${String(index).padStart(5, '0')}`);
      fake.setSearchResults('做菜', ids);
      const first = await source.searchVideos('做菜', null);
      expect(first.items.map((item) => item.awemeId)).toEqual(ids.slice(0, 10));
      expect(first.nextCursor).not.toBeNull();
      const second = await source.searchVideos('做菜', first.nextCursor);
      expect(second.items.map((item) => item.awemeId)).toEqual(ids.slice(10));
      expect(second.nextCursor).toBeNull();
      const asked = fake.requests.filter((item) => item.path === '/api/v1/douyin/web/fetch_video_search_result');
      const [firstAsk, secondAsk] = asked.slice(-2);
      expect(firstAsk?.query).toMatchObject({ keyword: '做菜', offset: '0', search_id: '' });
      expect(secondAsk?.query.offset).toBe('10');
      expect(secondAsk?.query.search_id).toMatch(/^2024[0-9A-F]{30}$/);
    });

    it('answers no results for a keyword nothing matches', async () => {
      expect(await source.searchVideos('没有这个词', null)).toEqual({ items: [], nextCursor: null, total: null });
    });
  });

  describe('failures', () => {
    const path = '/api/v1/douyin/app/v3/fetch_one_video';

    it('a wrong key is unauthorized', async () => {
      const stranger = createTikhubPlatformData({ baseUrl: fake.url, apiKey: 'not-the-key' });
      const error = await rejectionOf<PlatformDataError>(stranger.fetchVideo('7448118827402972455'));
      expect(error.reason).toBe('unauthorized');
      expect(error.detail).toContain('Invalid or missing API token');
    });

    it('403 for a missing scope is unauthorized; 403 for a spent balance is rate_limited', async () => {
      fake.failNext(path, { status: 403, body: { detail: { code: 403, message: 'API Key scope not allowed' } } });
      expect((await rejectionOf<PlatformDataError>(source.fetchVideo('7448118827402972455'))).reason).toBe(
        'unauthorized',
      );
      fake.failNext(path, { status: 403, body: { detail: { code: 403, message: 'Insufficient balance' } } });
      expect((await rejectionOf<PlatformDataError>(source.fetchVideo('7448118827402972455'))).reason).toBe(
        'rate_limited',
      );
    });

    it('429 and 402 are rate_limited, with Retry-After in the detail', async () => {
      fake.failNext(path, { status: 429, body: { detail: 'Too Many Requests' }, headers: { 'retry-after': '3' } });
      const limited = await rejectionOf<PlatformDataError>(source.fetchVideo('7448118827402972455'));
      expect(limited.reason).toBe('rate_limited');
      expect(limited.detail).toContain('Retry-After 3');
      fake.failNext(path, { status: 402, body: { detail: 'Payment Required' } });
      expect((await rejectionOf<PlatformDataError>(source.fetchVideo('7448118827402972455'))).reason).toBe(
        'rate_limited',
      );
    });

    it('5xx, an unreadable answer and an envelope without data are unavailable', async () => {
      fake.failNext(path, { status: 503, body: { detail: 'upstream Douyin unavailable' } });
      expect((await rejectionOf<PlatformDataError>(source.fetchVideo('7448118827402972455'))).reason).toBe(
        'unavailable',
      );
      fake.failNext(path, { status: 200, body: '<html>gateway</html>' });
      expect((await rejectionOf<PlatformDataError>(source.fetchVideo('7448118827402972455'))).reason).toBe(
        'unavailable',
      );
      fake.failNext(path, { status: 200, body: { code: 400, message: 'upstream error', data: null } });
      expect((await rejectionOf<PlatformDataError>(source.fetchVideo('7448118827402972455'))).reason).toBe(
        'unavailable',
      );
    });

    it('a call that takes longer than the timeout is unavailable', async () => {
      const impatient = createTikhubPlatformData({ baseUrl: fake.url, apiKey, timeoutMs: 200 });
      fake.failNext(path, 'hang');
      const started = Date.now();
      const error = await rejectionOf<PlatformDataError>(impatient.fetchVideo('7448118827402972455'));
      expect(error.reason).toBe('unavailable');
      expect(error.message).toContain('timed out after 200 ms');
      expect(Date.now() - started).toBeLessThan(1_500);
    });

    it('a server that cannot be reached is unavailable', async () => {
      const nowhere = createTikhubPlatformData({ baseUrl: 'http://127.0.0.1:9', apiKey, timeoutMs: 2_000 });
      expect((await rejectionOf<PlatformDataError>(nowhere.searchVideos('做菜', null))).reason).toBe('unavailable');
    });

    it('refuses to start without a key', () => {
      expect(() => createTikhubPlatformData({ baseUrl: fake.url, apiKey: '' })).toThrow(/API key/);
    });
  });
});
