import { demoImageUrl } from '../../demo-images';
import type { DemoComment, DemoVideo } from './generator';
import { fill, pick, Stream, streamFor } from './random';
import { leadPhrase } from './titles';
import { commenterFirsts, commenterSeconds, commentForms, commentReplies } from './vocab';

/*
 * A demo work's comment section: questions, praise, complaints, experiences and replies in
 * the work's own words, written between its publish time and the data's instant, their likes falling
 * off as a real section's do (a few liked comments, a long tail of 0–3 likes). Most works store a
 * handful; the most liked works of each industry store {@link DEEP_COMMENTS}, so the comment tab pages
 * 20 a page to its 10th page (002 §4).
 */

const DAY_MS = 86_400_000;
/** How long after its publish time a demo work keeps getting comments. */
const COMMENT_WINDOW_MS = 20 * DAY_MS;
/** Comments stored for each industry's most liked works: more than the tab's 10 pages of 20. */
export const DEEP_COMMENTS = 220;
/** Works per industry that store {@link DEEP_COMMENTS}: the most liked detailed works with that many comments. */
export const DEEP_COMMENT_WORKS = 4;
/** Draws to find a comment text the section does not hold yet. */
const TEXT_ATTEMPTS = 6;

/**
 * The stored comments of a video: at most `count`, most liked first, each written between the work's
 * publish time and `until` (the instant the figures are of; never later), most of them soon after
 * publishing. The first k of a longer section are the k of a shorter one, so a deep section extends
 * the stored comments by id.
 */
export function demoComments(seed: number, video: DemoVideo, count: number, until: Date): DemoComment[] {
  const random = streamFor(seed, Stream.Comments, video.index);
  const total = Math.min(count, video.commentCount);
  const comments: DemoComment[] = [];
  const texts = new Set<string>();
  const top = Math.max(1, Math.round(video.goodCount * 0.02 * (0.5 + random())));
  const values = { t: video.subject, l: leadPhrase(video), g: video.goods[0]?.title ?? video.subject };
  const window = Math.max(0, Math.min(COMMENT_WINDOW_MS, until.getTime() - video.createTime.getTime()));
  let digg = top;
  for (let k = 0; k < total; k++) {
    const cid = `${video.awemeId}${String(k).padStart(4, '0')}`;
    let text = '';
    for (let attempt = 0; attempt < TEXT_ATTEMPTS && (text === '' || texts.has(text)); attempt++) {
      const shape = random();
      // One in eight answers an earlier (more liked) commenter; the rest ask, praise, complain or tell.
      const replyTo = k > 0 && shape < 0.125 ? comments[Math.floor(random() * k)] : undefined;
      const form =
        commentForms[shape < 0.35 ? 'question' : shape < 0.6 ? 'praise' : shape < 0.75 ? 'complaint' : 'experience'];
      text = replyTo
        ? `回复 @${replyTo.nickname}：${fill(pick(commentReplies, random), values)}`
        : fill(`${pick(form.heads, random)}${pick(form.tails, random)}`, values);
    }
    texts.add(text);
    const createTime = new Date(video.createTime.getTime() + Math.floor(random() ** 3 * window));
    const replyCount = Math.floor(random() ** 3 * 40 * (digg / top));
    const nickname = `${pick(commenterFirsts, random)}${pick(commenterSeconds, random)}`;
    comments.push({
      cid,
      text,
      createTime,
      diggCount: digg,
      replyCount,
      nickname,
      avatarUrl: demoImageUrl('avatar', { key: cid, title: nickname, category: video.industry }),
    });
    // Likes fall off by a power of the place, with noise, never rising: a few liked comments, then a long tail.
    const next = Math.floor(top * (k + 2) ** -1.3 * (0.6 + random() * 0.8));
    digg = Math.min(digg, next);
  }
  return comments;
}

/** Keeps each industry's most liked works that have comments enough for a deep section. */
export class DeepCommentTally {
  private readonly best = new Map<string, DemoVideo[]>();

  add(video: DemoVideo) {
    if (video.status !== 'normal' || video.commentCount < DEEP_COMMENTS) return;
    const list = this.best.get(video.industry) ?? [];
    list.push(video);
    list.sort((a, b) => b.goodCount - a.goodCount || a.index - b.index);
    if (list.length > DEEP_COMMENT_WORKS) list.length = DEEP_COMMENT_WORKS;
    this.best.set(video.industry, list);
  }

  videos(): DemoVideo[] {
    return [...this.best.values()].flat().sort((a, b) => a.index - b.index);
  }
}
