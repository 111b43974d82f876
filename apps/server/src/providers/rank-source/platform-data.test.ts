import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejectionOf } from '../../testing/rejection';
import { type FakeTikhub, startFakeTikhub } from '../platform-data/fake-tikhub';
import { createTikhubPlatformData } from '../platform-data/tikhub';
import { type RankSource, RankSourceError } from './index';
import { createPlatformDataRankSource } from './platform-data';

const apiKey = 'tikhub-rank-test-key-0123456789';
const author = 'MS4wLjABAAAArankSourceAuthor0123456789';
const day = '2026-11-24';

describe('the platform-data rank source over TikHub, against a fake TikHub', () => {
  let fake: FakeTikhub;
  let source: RankSource;
  const ids = Array.from({ length: 25 }, (_, index) => `74000000000000${String(index).padStart(5, '0')}`);

  beforeAll(async () => {
    fake = await startFakeTikhub({ apiKey });
    const platformData = createTikhubPlatformData({ baseUrl: `${fake.url}/`, apiKey, timeoutMs: 2_000 });
    source = createPlatformDataRankSource({ platformData });
    fake.addUser({ secUid: author, uid: '68141954000', uniqueId: 'camp_a', nickname: '露营阿野' });
    for (const [index, awemeId] of ids.entries()) {
      fake.addAweme({ awemeId, authorSecUid: author, desc: `露营装备第${index + 1}期`, digg: 1_000 * (30 - index) });
    }
    // The platform ranks them in its own order: the last ones first.
    fake.setSearchResults('露营装备', [...ids].reverse());
  });
  afterAll(async () => fake.close());

  it('reads the ranking page by page in the source order, down to the depth', async () => {
    const ranking = await source.fetchRanking({ platform: 'DSO', keyword: '露营装备', day, depth: 20 });
    expect(ranking.map((entry) => entry.awemeId)).toEqual([...ids].reverse().slice(0, 20));
    expect(ranking[0]).toMatchObject({ title: '露营装备第25期', goodCount: 6_000 });
    const searches = fake.requests.filter((request) => request.path.endsWith('fetch_video_search_result'));
    expect(searches.length).toBe(2);
    expect(searches.every((request) => request.authorization === `Bearer ${apiKey}`)).toBe(true);
  });

  it('answers every ranked work when the results end before the depth', async () => {
    const ranking = await source.fetchRanking({ platform: 'DSO', keyword: '露营装备', day, depth: 100 });
    expect(ranking).toHaveLength(25);
    expect(await source.fetchRanking({ platform: 'DSO', keyword: '没有结果的词', day, depth: 100 })).toEqual([]);
  });

  it('turns refusals into rank source errors with the same reason', async () => {
    const path = '/api/v1/douyin/web/fetch_video_search_result';
    fake.failNext(path, { status: 401, body: { detail: 'Invalid API key' } });
    const refusal = () =>
      rejectionOf<RankSourceError>(source.fetchRanking({ platform: 'DSO', keyword: '露营装备', day, depth: 10 }));
    const refused = await refusal();
    expect(refused).toBeInstanceOf(RankSourceError);
    expect(refused.reason).toBe('unauthorized');
    fake.failNext(path, { status: 429, body: { detail: 'Too Many Requests' } });
    expect((await refusal()).reason).toBe('rate_limited');
    fake.failNext(path, { status: 503, body: { detail: 'down' } });
    expect((await refusal()).reason).toBe('unavailable');
  });
});
