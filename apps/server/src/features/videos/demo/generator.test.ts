import { videoLimits } from '@dso/contract';
import { creatorSizeClass, salesClass } from '@dso/domain';
import { describe, expect, it } from 'vitest';
import { headTerms } from '../../keywords';
import {
  creatorIndexOf,
  DEMO_VIDEOS_PER_HEAD_TERM,
  type DemoCreator,
  type DemoVideo,
  demoCreator,
  demoCreatorId,
  demoTranscript,
  endOfDay,
  firstRunVideoOptions,
  generateVideoDemo,
  HEAD_PLAN_VIDEOS,
  type VideoDemoBatch,
  videoIndexOf,
} from './generator';
import { titleClauses } from './titles';

const options = firstRunVideoOptions('2026-11-20');
const all = (batches: Iterable<VideoDemoBatch>) => {
  const creators: DemoCreator[] = [];
  const videos: Array<Extract<VideoDemoBatch, { kind: 'videos' }>['videos'][number]> = [];
  let sessions: Extract<VideoDemoBatch, { kind: 'live' }>['sessions'] = [];
  let topics: Extract<VideoDemoBatch, { kind: 'topics' }>['topics'] = [];
  for (const batch of batches) {
    if (batch.kind === 'creators') creators.push(...batch.creators.map((entry) => entry.creator));
    else if (batch.kind === 'videos') videos.push(...batch.videos);
    else if (batch.kind === 'live') sessions = [...sessions, ...batch.sessions];
    else if (batch.kind === 'topics') topics = batch.topics;
  }
  return { creators, videos, sessions, topics };
};
const data = all(generateVideoDemo(options));

describe('the demo video generator', () => {
  it('is deterministic: the same options give the same data, batch size aside', () => {
    const again = all(generateVideoDemo(options, 333));
    expect(again.creators).toEqual(data.creators);
    expect(again.videos.map((entry) => entry.video)).toEqual(data.videos.map((entry) => entry.video));
    expect(again.videos[17]!.comments).toEqual(data.videos[17]!.comments);
    expect(again.videos.map((entry) => entry.transcript)).toEqual(data.videos.map((entry) => entry.transcript));
    expect(again.topics).toEqual(data.topics);
    const other = all(generateVideoDemo({ ...options, seed: 1, creators: 50, videos: 50 }));
    expect(other.videos[0]!.video.awemeId).not.toBe(data.videos[0]!.video.awemeId);
  });

  it('writes indexes into ids and reads them back only for its own seed', () => {
    const video = data.videos[1234]!.video;
    expect(videoIndexOf(options.seed, video.awemeId)).toEqual({ creator: video.creator, index: 1234 });
    expect(videoIndexOf(options.seed + 1, video.awemeId)).toBeNull();
    expect(video.awemeId).toMatch(/^\d{19}$/);
    expect(creatorIndexOf(options.seed, demoCreatorId(options.seed, 777))).toBe(777);
    expect(creatorIndexOf(options.seed, 'MS4wLjABAAAAnope')).toBeNull();
    expect(demoCreator(options.seed, 777)).toEqual(data.creators[777]);
    expect(new Set(data.videos.map((entry) => entry.video.awemeId)).size).toBe(data.videos.length);
    expect(new Set(data.creators.map((creator) => creator.userId)).size).toBe(data.creators.length);
  });

  it('gives every head term of the keyword library works titled with it, by creators of its industry', () => {
    const byTerm = new Map<string, DemoVideo[]>();
    for (const { video } of data.videos.slice(0, HEAD_PLAN_VIDEOS)) {
      byTerm.set(video.subject, [...(byTerm.get(video.subject) ?? []), video]);
    }
    for (const term of headTerms()) {
      const works = byTerm.get(term) ?? [];
      expect(works.length, term).toBeGreaterThanOrEqual(DEMO_VIDEOS_PER_HEAD_TERM);
      for (const work of works) {
        expect(work.desc).toContain(term);
        expect(work.keywords).toContain(term);
        expect(data.creators[work.creator]!.field).toBe(work.industry);
      }
    }
  });

  it('names only phrases its title and description hold as a video’s keywords', () => {
    for (const { video } of data.videos) {
      for (const keyword of video.keywords) expect(video.desc).toContain(keyword);
      expect(video.tags[0]).toBe(video.subject);
    }
  });

  it('makes image-text posts with duration 0 and no play address, and no remote images', () => {
    const imageText = data.videos.filter(({ video }) => video.durationMs === 0);
    expect(imageText.length / data.videos.length).toBeGreaterThan(0.08);
    expect(imageText.length / data.videos.length).toBeLessThan(0.2);
    for (const { video } of imageText) expect(video.playUrl).toBeNull();
  });

  it('gives every cover, avatar, good and live room a picture the server draws from its own texts', () => {
    const drawn = (kind: string) => new RegExp(`^/api/demo-image/${kind}/[0-9A-Za-z_-]+\\.png\\?c=`);
    for (const { video, comments } of data.videos) {
      expect(video.cover).toMatch(drawn('cover'));
      expect(video.cover).toContain(`/${video.awemeId}.png`);
      expect(new URL(video.cover, 'http://x').searchParams.get('s')).toBe(video.subject);
      for (const item of video.goods) expect(item.cover).toMatch(drawn('goods'));
      for (const comment of comments) expect(comment.avatarUrl).toMatch(drawn('avatar'));
    }
    for (const creator of data.creators) {
      expect(creator.avatar).toMatch(drawn('avatar'));
      expect(new URL(creator.avatar, 'http://x').searchParams.get('t')).toBe(creator.nickName);
    }
    for (const session of data.sessions) {
      expect(session.cover).toMatch(drawn('live'));
      for (const item of session.goods) expect(item.cover).toMatch(drawn('goods'));
    }
  });

  it('spreads creators over every size class, most of them small, and sales classes over sellers', () => {
    const sizes = new Map<string, number>();
    for (const creator of data.creators) {
      const size = creatorSizeClass(creator.followerCount).code;
      sizes.set(size, (sizes.get(size) ?? 0) + 1);
    }
    for (const size of ['tail', 'small', 'mid', 'shoulder', 'head']) expect(sizes.get(size), size).toBeGreaterThan(0);
    expect((sizes.get('tail') ?? 0) + (sizes.get('small') ?? 0)).toBeGreaterThan(data.creators.length / 2);
    expect(sizes.get('head')!).toBeLessThan(data.creators.length / 10);
    const sellers = data.creators.filter((creator) => creator.isCommerce);
    expect(sellers.length).toBeGreaterThan(data.creators.length * 0.2);
    expect(new Set(sellers.map((creator) => salesClass(creator.salesAmountFen30d).code)).size).toBeGreaterThanOrEqual(
      4,
    );
    for (const creator of data.creators.filter((entry) => !entry.isCommerce)) expect(creator.salesAmountFen30d).toBe(0);
  });

  it('keeps a creator’s works within its work count and its figures plausible', () => {
    const works = new Map<number, number>();
    for (const { video } of data.videos) works.set(video.creator, (works.get(video.creator) ?? 0) + 1);
    for (const [index, count] of works) expect(data.creators[index]!.awemeCount).toBeGreaterThanOrEqual(count);
    for (const { video, comments } of data.videos) {
      expect(video.commentCount).toBeLessThanOrEqual(video.goodCount + 1);
      expect(comments.length).toBeLessThanOrEqual(Math.min(options.commentsPerVideo, video.commentCount));
      for (let i = 1; i < comments.length; i++)
        expect(comments[i]!.diggCount).toBeLessThanOrEqual(comments[i - 1]!.diggCount);
      expect(video.createTime.getTime()).toBeLessThanOrEqual(Date.parse('2026-11-20T16:00:00Z'));
    }
  });

  it('dates every comment between its work’s publish time and now, never after', () => {
    const end = endOfDay(options.asOf).getTime();
    for (const { video, comments } of data.videos) {
      for (const comment of comments) {
        expect(comment.createTime.getTime()).toBeGreaterThanOrEqual(video.createTime.getTime());
        expect(comment.createTime.getTime()).toBeLessThanOrEqual(end);
      }
    }
    // A library seeded with an earlier now (a journey's server) has no comment after it either.
    const now = new Date(end - 5 * 3_600_000);
    const early = all(generateVideoDemo({ ...options, creators: 100, videos: 600, now }));
    const young = early.videos.filter(
      ({ video }) => video.createTime < now && now.getTime() - video.createTime.getTime() < 20 * 86_400_000,
    );
    expect(young.length).toBeGreaterThan(0);
    for (const { comments } of young) {
      for (const comment of comments) expect(comment.createTime.getTime()).toBeLessThanOrEqual(now.getTime());
    }
  });

  it('never tags a title with the same hashtag twice', () => {
    for (const { video } of data.videos) {
      const tags = video.desc.match(/#\S+/g) ?? [];
      expect(new Set(tags).size, video.desc).toBe(tags.length);
      expect(new Set(video.tags).size).toBe(video.tags.length);
    }
  });

  it('titles each industry’s works in at least 40 forms, nearly every title its own, no clause said twice', () => {
    const byIndustry = new Map<string, DemoVideo[]>();
    for (const { video } of data.videos)
      byIndustry.set(video.industry, [...(byIndustry.get(video.industry) ?? []), video]);
    expect(byIndustry.size).toBe(20);
    const titles = data.videos.map(({ video }) => video.title);
    // 96.8% in the first run: repeats are the same form on the same subject.
    expect(new Set(titles).size / titles.length).toBeGreaterThan(0.95);
    for (const [industry, videos] of byIndustry) {
      expect(new Set(videos.map((video) => video.titleForm)).size, industry).toBeGreaterThanOrEqual(40);
      expect(new Set(videos.map((video) => video.title)).size / videos.length, industry).toBeGreaterThan(0.9);
    }
    for (const title of titles) {
      const clauses = titleClauses(title);
      expect(new Set(clauses).size, title).toBe(clauses.length);
      expect(title).not.toMatch(/\{\w\}/);
    }
  });

  it('starts no trend before its work’s publish hour and ends each slot at its hour’s end, with noise', () => {
    let rising = 0;
    for (const { video, trend } of data.videos) {
      expect(trend!.startTime.getTime()).toBeLessThanOrEqual(video.createTime.getTime());
      expect(trend!.startTime.getTime() + 3_600_000).toBeGreaterThan(video.createTime.getTime());
      const gains = trend!.goodValues
        .filter((value): value is number => value !== null)
        .map((value, hour, all) => value - (all[hour - 1] ?? 0));
      for (const gain of gains) expect(gain).toBeGreaterThanOrEqual(0);
      if (gains.some((gain, hour) => hour > 1 && gain > gains[hour - 1]! * 1.15 + 3)) rising++;
    }
    // A smooth decay's hourly gains only shrink; the day's rhythm and noise make most works' rise again.
    expect(rising).toBeGreaterThan(data.videos.length * 0.4);
  });

  it('names creators and commenters without numeric suffixes, no two first-run creators alike', () => {
    const names = data.creators.map((creator) => creator.nickName);
    for (const name of names) expect(name).not.toMatch(/\d/);
    expect(new Set(names).size).toBe(names.length);
    const commenters = data.videos.flatMap(({ comments }) => comments.map((comment) => comment.nickname));
    for (const name of commenters) expect(name).not.toMatch(/\d/);
    expect(new Set(commenters).size).toBeGreaterThan(200);
    // A few works' comment sections read as different people.
    for (const { comments } of data.videos.slice(0, 50)) {
      expect(new Set(comments.map((comment) => comment.nickname)).size).toBeGreaterThanOrEqual(comments.length * 0.6);
    }
  });

  it('writes comments as questions, praise, complaints, experiences and replies in the work’s own words', () => {
    const comments = data.videos.flatMap(({ video, comments: list }) =>
      list.map((comment, k) => ({ video, list, comment, k })),
    );
    const replies = comments.filter(({ comment }) => comment.text.startsWith('回复 @'));
    // A reply answers someone who commented before it, by name.
    for (const { list, comment, k } of replies) {
      const name = /^回复 @(.+?)：/.exec(comment.text)![1];
      expect(list.slice(0, k).map((earlier) => earlier.nickname)).toContain(name);
    }
    const own = comments.filter(({ comment }) => !comment.text.startsWith('回复 @'));
    const questions = own.filter(({ comment }) => /？/.test(comment.text));
    for (const [part, share] of [
      [replies, [0.05, 0.2]],
      [questions, [0.2, 0.5]],
    ] as const) {
      expect(part.length / comments.length).toBeGreaterThan(share[0]);
      expect(part.length / comments.length).toBeLessThan(share[1]);
    }
    // Every comment of its own names what the work is about (its subject or its title's lead phrase).
    for (const { video, comment } of own) expect(comment.text).toContain(video.subject);
    for (const { comment } of comments) expect(comment.text).not.toMatch(/[{}]|undefined/);
    expect(new Set(comments.map(({ comment }) => comment.text)).size).toBeGreaterThan(comments.length * 0.7);
  });

  it('has small accounts with breakout works for the lowPowderPop list', () => {
    const breakouts = data.videos.filter(({ video }) => {
      const creator = data.creators[video.creator]!;
      return (
        creator.followerCount <= videoLimits.lowFollowerMaxFollowers &&
        video.goodCount >= creator.followerCount * videoLimits.lowFollowerMinLikesPerFollower
      );
    });
    expect(breakouts.length).toBeGreaterThan(20);
    expect(breakouts.length).toBeLessThan(data.videos.length * 0.1);
    expect(new Set(breakouts.map(({ video }) => video.industry)).size).toBeGreaterThan(5);
  });

  it('makes trends that end at the figures of works still in their first 72 hours', () => {
    const young = data.videos.filter(
      ({ video, trend }) => trend && Date.parse('2026-11-20T16:00:00Z') - video.createTime.getTime() < 60 * 3_600_000,
    );
    expect(young.length).toBeGreaterThan(0);
    for (const { video, trend } of young) {
      const observed = trend!.goodValues.filter((value) => value !== null);
      expect(observed.at(-1)).toBe(video.goodCount);
      expect(trend!.goodValues.at(-1)).toBeNull();
    }
  });

  it('gives every video work a spoken transcript of its own: a hook, 3–6 points by length, a call to action', () => {
    const works = data.videos.filter(({ video }) => video.durationMs > 0);
    const texts = new Set<string>();
    for (const { video, transcript } of works) {
      expect(transcript).toBe(demoTranscript(options.seed, video));
      const lines = transcript!.split('\n');
      const points = lines.filter((line) => /^(第[一二三四五]|最后)，/.test(line));
      expect(points.length, video.awemeId).toBe(Math.min(6, 3 + Math.floor(video.durationMs / 60_000)));
      expect(points.at(-1)).toMatch(/^最后，/);
      // The hook comes first and the call to action last, with the goods line before it for a seller.
      expect(lines[0]).not.toMatch(/^(第[一二三四五]|最后)，/);
      expect(lines.length).toBe(points.length + 2 + (video.goods.length > 0 ? 1 : 0));
      if (video.goods.length > 0) expect(lines.at(-2)).toContain(video.goods[0]!.title);
      expect(transcript).toContain(video.subject);
      expect(transcript).not.toMatch(/[{}]|undefined/);
      for (const line of lines) expect(line).toMatch(/[。！？]$/);
      texts.add(transcript!);
    }
    // Template fills from the work's own stream: works on the same subject still say different things.
    expect(texts.size / works.length).toBeGreaterThan(0.95);
    for (const { video, transcript } of data.videos.filter(({ video }) => video.durationMs === 0)) {
      expect(transcript).toBeNull();
      expect(demoTranscript(options.seed, video)).toBeNull();
    }
    const sample = works[3]!.video;
    expect(demoTranscript(options.seed + 1, sample)).not.toBe(demoTranscript(options.seed, sample));
    // Only the detailed works store one (a benchmark library's millions stay as cheap as before).
    const few = all(generateVideoDemo({ ...options, creators: 40, videos: 60, detailedVideos: 10 }));
    expect(few.videos.slice(10).every((entry) => entry.transcript === null)).toBe(true);
  });

  it('makes live sessions whose goods sell what their minutes sold, two of them on air', () => {
    expect(data.sessions.filter((session) => session.endTime === null)).toHaveLength(2);
    for (const session of data.sessions) {
      expect(data.creators[session.creator]!.isCommerce).toBe(true);
      const goods = session.goods.reduce((sum, item) => sum + item.sales * item.price_fen, 0);
      expect(Math.abs(goods - session.salesAmountFen)).toBeLessThanOrEqual(session.salesAmountFen * 0.05 + 50_000);
      expect(session.peakOnline).toBe(Math.max(...session.minutes.map((minute) => minute.online)));
    }
  });

  it('makes video and image-text topics of the subjects with the most works', () => {
    const kinds = new Set(data.topics.map((topic) => topic.kind));
    expect(kinds).toEqual(new Set(['video', 'image_text']));
    const awemeIds = new Map(data.videos.map(({ video }) => [video.awemeId, video]));
    for (const topic of data.topics) {
      expect(topic.awemeIds.length).toBeGreaterThan(0);
      for (const id of topic.awemeIds) {
        const video = awemeIds.get(id)!;
        expect(video.subject).toBe(topic.name);
        expect(video.durationMs === 0).toBe(topic.kind === 'image_text');
      }
    }
  });
});
