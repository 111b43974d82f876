import type { LlmLiveReplayAnswer, LlmLiveReplayTask, LlmWordGroupsAnswer, LlmWordGroupsTask } from './tasks';

/**
 * The sandbox's answers to structured tasks ({@link LlmWordGroupsTask}, {@link LlmLiveReplayTask}):
 * deterministic, from the data handed over only, in the JSON shape a model is asked for.
 */

/** Search intents a long-tail word shows by what it adds to the keyword, in the order groups show. */
const intents: Array<{ name: string; pattern: RegExp }> = [
  {
    name: '选购推荐',
    pattern:
      /推荐|哪个好|哪款|品牌|排行|排名|牌子|测评|评测|对比|性价比|价格|多少钱|便宜|平价|十大|购买|怎么选|选购|好物|清单/,
  },
  { name: '教程攻略', pattern: /怎么|如何|教程|攻略|方法|技巧|步骤|新手|入门|注意|必备|大全|需要|自制|做法|搭建/ },
  {
    name: '场景人群',
    pattern:
      /儿童|宝宝|孩子|女生|男生|学生|家庭|情侣|老人|冬天|冬季|夏天|夏季|春天|秋天|户外|公园|周末|旅行|自驾|室内|宿舍|办公室|海边|山里|夜晚|雨天/,
  },
];
const ROOT_GROUP = '核心词根';
const TAIL_GROUP = '长尾延伸';
const NEAR_GROUP = '相关品类';
const OTHER_GROUP = '其他相关';
const groupOrder = [ROOT_GROUP, ...intents.map((intent) => intent.name), TAIL_GROUP, NEAR_GROUP, OTHER_GROUP];

/** The group a word falls in: a piece of the keyword, an intent it adds, a long tail, or a neighbour. */
function groupOf(keyword: string, word: string): string {
  if (word !== keyword && keyword.includes(word)) return ROOT_GROUP;
  const added = word.includes(keyword) ? word.replace(keyword, '') : word;
  for (const intent of intents) if (intent.pattern.test(added)) return intent.name;
  return word.includes(keyword) ? TAIL_GROUP : NEAR_GROUP;
}

/**
 * Groups the words by intent: pieces of the keyword (核心词根), what a long tail adds (选购推荐, 教程攻略,
 * 场景人群), other long tails (长尾延伸) and words beside the keyword (相关品类). Past `groupsMax` the
 * smallest groups are merged into 其他相关.
 */
export function sandboxWordGroups(task: LlmWordGroupsTask): LlmWordGroupsAnswer {
  const byName = new Map<string, string[]>();
  for (const word of new Set(task.words)) {
    const name = groupOf(task.keyword, word);
    byName.set(name, [...(byName.get(name) ?? []), word]);
  }
  let groups = groupOrder.filter((name) => byName.has(name)).map((name) => ({ name, words: byName.get(name)! }));
  const max = Math.max(1, task.groupsMax);
  if (groups.length > max) {
    const kept = [...groups]
      .sort((a, b) => b.words.length - a.words.length || groupOrder.indexOf(a.name) - groupOrder.indexOf(b.name))
      .slice(0, max - 1)
      .map((group) => group.name);
    const rest = groups.filter((group) => !kept.includes(group.name)).flatMap((group) => group.words);
    groups = [...groups.filter((group) => kept.includes(group.name)), { name: OTHER_GROUP, words: rest }];
  }
  return { groups };
}

const firstSentence = (text: string, max = 36) => {
  const sentence = (text.split(/(?<=[。！？!?])/)[0]?.trim() ?? '').replace(/[。！？!?]+$/, '');
  const chars = Array.from(sentence);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : sentence;
};

const isBenefit = (text: string) => /福利|抽奖|秒杀|免单|红包|优惠券/.test(text);

/** A stretch's title: the opening, the close, a giveaway, or the product talked about. */
function blockTitle(block: LlmLiveReplayTask['blocks'][number], last: number): string {
  if (block.index === 0) return '开场预热';
  if (block.index === last) return '收尾返场';
  if (block.goods[0]) return `讲解「${block.goods[0]}」${block.goods.length > 1 ? `等${block.goods.length}款` : ''}`;
  if (isBenefit(block.text)) return '福利互动';
  return '互动答疑';
}

/**
 * A review from the measured facts: an overview (length, goods, the most talked-about one, the peak),
 * a title and summary per stretch, what to keep (the rises and the product that was talked about and
 * sold) and what to change (goods barely talked about, the quietest moment, a flat curve).
 */
export function sandboxLiveReplay(task: LlmLiveReplayTask): LlmLiveReplayAnswer {
  const minutes = Math.max(1, Math.round(task.durationSeconds / 60));
  const talked = [...task.goods].sort((a, b) => b.mentions - a.mentions || a.title.localeCompare(b.title));
  const top = talked[0];
  const peak = [...task.peaks].sort((a, b) => b.online - a.online)[0];
  const overview = [
    `「${task.title}」共${minutes}分钟`,
    task.goods.length
      ? `讲解了${task.goods.filter((good) => good.mentions > 0).length}/${task.goods.length}款商品`
      : '',
    top && top.mentions > 0 ? `「${top.title}」提到最多（${top.mentions}次）` : '',
    peak ? `在线峰值出现在第${peak.minute}分钟（${peak.online}人）` : '',
  ]
    .filter(Boolean)
    .join('，');
  const last = task.blocks.length - 1;
  const segments = task.blocks.map((block) => ({
    index: block.index,
    title: blockTitle(block, last),
    summary: [firstSentence(block.text), block.online !== null ? `平均在线${block.online}人` : '']
      .filter(Boolean)
      .join('，'),
  }));

  const keep: string[] = [];
  for (const rise of [...task.peaks].sort((a, b) => b.rise - a.rise).slice(0, 2)) {
    keep.push(
      `第${rise.minute}分钟在线涨到${rise.online}人（+${rise.rise}），当时在说「${firstSentence(rise.said, 24)}」，这段节奏值得保留`,
    );
  }
  const seller = task.goods.find((good) => good.salesRank === 1 && good.mentions > 0);
  if (seller)
    keep.push(
      `「${seller.title}」讲解${seller.mentions}次，是本场卖得最好的商品，它的讲解顺序和话术可以复用到其他商品`,
    );
  if (task.blocks.some((block) => isBenefit(block.text))) keep.push('福利和抽奖穿插在讲解之间，留人效果好，继续保持');
  if (keep.length === 0) keep.push('开场把本场商品和福利讲清楚了，保持这个开场结构');

  const change: string[] = [];
  for (const good of talked.filter((item) => item.mentions <= 1).slice(0, 3)) {
    change.push(
      good.mentions === 0
        ? `「${good.title}」整场没有讲到，建议安排一段完整讲解或下架`
        : `「${good.title}」只提到1次，建议补充试用演示和价格对比`,
    );
  }
  const best = task.goods.find((good) => good.salesRank === 1);
  if (top && best && top !== best && top.mentions > best.mentions) {
    change.push(
      `「${top.title}」讲了${top.mentions}次，销量却排第${top.salesRank}；可以压缩它的讲解，把时间留给卖得最好的「${best.title}」`,
    );
  }
  if (task.low) change.push(`第${task.low.minute}分钟在线降到${task.low.online}人，可在此前插入福利或抽奖留住观众`);
  if (task.peaks.length === 0) change.push('全场在线起伏不大，可以设计整点福利制造高峰');
  if (change.length === 0) change.push('讲解时长分配较均衡，可尝试把销量最高的商品放到在线高峰时段');
  return { overview, segments, keep, change };
}
