import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../../db/client';
import type { HotWord } from '../../../db/schema/videos';
import { cutWords } from '../../keywords';

/*
 * The hot words of a video's comments (002 §3, §9): computed by the product, not asked of a
 * source. Each comment is segmented with jieba (the server's one instance), stop words and one-character
 * words are left out, a word counts once per comment, and the top 10 are kept in `video_hot_words` so
 * a comment page and its hot words answer without segmenting anything.
 */

/** Hot words kept per video (the chart's bars). */
export const HOT_WORDS_TOP = 10;
/** Comments counted per video: the most liked this many (a video's discussion is in its top comments). */
export const HOT_WORDS_COMMENTS = 1_000;

/**
 * Words the hot-word count leaves out: particles, pronouns, fillers and the generic praise every
 * comment section repeats.
 */
export const stopWords = new Set([
  '的',
  '了',
  '是',
  '我',
  '你',
  '他',
  '她',
  '它',
  '我们',
  '你们',
  '他们',
  '这',
  '那',
  '这个',
  '那个',
  '就',
  '也',
  '都',
  '还',
  '在',
  '和',
  '有',
  '吗',
  '吧',
  '啊',
  '呢',
  '哦',
  '呀',
  '嘛',
  '啦',
  '么',
  '很',
  '太',
  '真',
  '真的',
  '好',
  '不',
  '没',
  '没有',
  '一个',
  '一下',
  '什么',
  '怎么',
  '怎么样',
  '为什么',
  '可以',
  '已',
  '被',
  '把',
  '给',
  '让',
  '跟',
  '对',
  '又',
  '再',
  '才',
  '会',
  '能',
  '要',
  '想',
  '说',
  '看',
  '觉得',
  '感觉',
  '一直',
  '刚',
  '请问',
  '求问',
  '姐妹',
  '姐妹们',
  '说实话',
  '真心',
  '博主',
  '谢谢',
  '哈哈',
  '哈哈哈',
  '一般般',
  '确实',
  '已经',
  '还是',
  '但是',
  '因为',
  '所以',
  '如果',
  '而且',
  // Fillers of how people tell and ask in comments (有点贵, 早点看到, 这条视频, 跟着做): they say nothing
  // about the work, and left in they outnumber its subject.
  '有点',
  '早点',
  '看到',
  '这条',
  '视频',
  '跟着',
  '照着',
  '讲得',
  '几个',
  '之前',
  '大家',
  '最后',
  '终于',
  '不少',
  '好多',
  '这款',
  '要是',
  '那段',
  '自己',
  '知道',
  '上个月',
  '第一次',
]);

/** The platform's reply prefix (回复 @昵称：): a name, not what the comment says. */
const REPLY_PREFIX = /^回复\s*@[^：:]*[：:]\s*/u;

/** A word worth counting: two or more characters, not a stop word, with a letter or CJK character. */
function countable(word: string): boolean {
  return [...word].length >= 2 && !stopWords.has(word) && /\p{L}/u.test(word);
}

/**
 * The hot words of a video's comments: every comment segmented (a reply without its 回复 @昵称：),
 * stop words and one-character words left out, words counted once per comment, the `top` most frequent first (ties by first appearance).
 */
export function hotWords(
  comments: readonly string[],
  top = HOT_WORDS_TOP,
  segment: (text: string) => string[] = cutWords,
): HotWord[] {
  const counts = new Map<string, number>();
  for (const comment of comments) {
    const words = new Set(
      segment(comment.replace(REPLY_PREFIX, ''))
        .map((word) => word.trim().toLowerCase())
        .filter(countable),
    );
    for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return [...counts.entries()]
    .map(([name, count], order) => ({ name, count, order }))
    .sort((a, b) => b.count - a.count || a.order - b.order)
    .slice(0, top)
    .map(({ name, count }) => ({ name, count }));
}

/**
 * Recounts and stores the hot words of these videos from their stored comments (the most liked
 * {@link HOT_WORDS_COMMENTS} of each). A video without comments gets no row (the tab shows no data).
 */
export async function refreshHotWords(db: Database, videoIds: readonly number[]): Promise<void> {
  if (videoIds.length === 0) return;
  const rows = await queryRows<{ video_id: number; text: string }>(
    db,
    sql`
    SELECT video_id, text FROM (
      SELECT video_id, text, row_number() OVER (PARTITION BY video_id ORDER BY digg_count DESC, id) AS n
      FROM video_comments WHERE video_id = ANY(${sql.param([...videoIds])}::bigint[])
    ) ranked WHERE n <= ${HOT_WORDS_COMMENTS}
    ORDER BY video_id, n
  `,
  );
  const byVideo = new Map<number, string[]>();
  for (const row of rows) {
    const id = Number(row.video_id);
    const list = byVideo.get(id);
    if (list) list.push(row.text);
    else byVideo.set(id, [row.text]);
  }
  if (byVideo.size === 0) return;
  const payload = [...byVideo.entries()].map(([videoId, texts]) => ({
    video_id: videoId,
    words: hotWords(texts),
    comment_count: texts.length,
  }));
  await db.execute(sql`
    INSERT INTO video_hot_words (video_id, words, comment_count, computed_at)
    SELECT r.video_id, r.words, r.comment_count, now()
    FROM jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) AS r(video_id bigint, words jsonb, comment_count int)
    ON CONFLICT (video_id) DO UPDATE SET words = excluded.words, comment_count = excluded.comment_count,
      computed_at = excluded.computed_at
  `);
}
