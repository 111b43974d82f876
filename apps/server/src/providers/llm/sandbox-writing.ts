import type { LlmContext, LlmWritingForm } from './index';

/**
 * The sandbox's AI 创作 writer: each template's declared form (10 titles, a short-video script with a
 * hook, shots and a call to action, a 小红书 note with title, body and tags, …), filled from the
 * keyword library's words and the user's fields. Every slot draws from its own pool without
 * replacement, so no sentence is written twice in one answer (a model would not repeat itself either).
 * Plain text only: no label and no Markdown marks, so what the user copies, saves or publishes is clean.
 */

/** What a form writer works from. */
interface Material {
  keyword: string;
  /** Related words from the library, without the keyword, each once. */
  words: string[];
  /** The user's value for the first of these field labels that is filled, else ''. */
  field(...labels: string[]): string;
  /** A field's value split into its items (卖点、参数 …). */
  items(...labels: string[]): string[];
  seed: number;
}

type Writer = (material: Material) => string;

/** `count` entries of `pool`, each at most once, starting at a seed-chosen place. */
export function distinct<T>(pool: readonly T[], count: number, seed: number): T[] {
  const start = seed % pool.length;
  return Array.from({ length: Math.min(count, pool.length) }, (_, index) => pool[(start + index) % pool.length]!);
}

/** The i-th related word, or the keyword when the library gave too few. */
const wordAt = (material: Material, index: number) =>
  material.words.length ? material.words[index % material.words.length]! : material.keyword;

const tagsLine = (material: Material, count: number) =>
  [material.keyword, ...material.words.slice(0, count - 1)].map((word) => `#${word}`).join(' ');

const titlePool: Array<(keyword: string, word: string) => string> = [
  (k) => `${k}怎么选？看完这条少走弯路`,
  (k) => `新手做${k}，最容易踩的3个坑`,
  (_, w) => `${w}到底值不值？实话实说`,
  (k) => `把${k}讲明白，只需要这一条`,
  (k) => `${k}避坑清单，建议先收藏`,
  (_, w) => `预算不多也能搞定${w}`,
  (k) => `同样是${k}，为什么别人效果更好`,
  (k) => `我研究了一个月${k}，结论在这`,
  (_, w) => `${w}的正确打开方式`,
  (k) => `${k}入门：从零到会只要三步`,
  (_, w) => `被问了100遍的${w}，一次说清`,
  (k) => `内行人都这么挑${k}`,
  (k, w) => (w === k ? `${k}先从哪一步做起最划算` : `${k}和${w}，哪个更值得先做`),
  (k) => `关于${k}的5个真相，第3个最扎心`,
];

/** 爆款标题: ten numbered titles, each with the keyword or one of its related words. */
const titles: Writer = (m) =>
  distinct(titlePool, 10, m.seed)
    .map((title, index) => `${index + 1}. ${title(m.keyword, wordAt(m, index))}`)
    .join('\n');

const openingStyles: Array<[string, Array<(keyword: string, word: string) => string>]> = [
  ['提问', [(k) => `你是不是也觉得${k}很难？其实是方法不对。`, (_, w) => `为什么你的${w}总是差点意思？`]],
  ['反差', [(k) => `都说${k}要花大钱，我偏偏只花了一半。`, (_, w) => `看起来最普通的${w}，效果反而最好。`]],
  ['数字', [(k) => `做${k}三年，我总结出这3条经验。`, (_, w) => `90%的人在${w}上多花了冤枉钱。`]],
  ['场景', [(k) => `周末下午，我第一次认真研究${k}。`, (_, w) => `朋友来家里，第一句就问我${w}怎么弄的。`]],
  ['利益', [(k) => `看完这条，${k}至少能省一半时间。`, (_, w) => `学会这招，${w}再也不用求人。`]],
];

/** 黄金三秒开头: one opening in each of the five ways, named. */
const openings: Writer = (m) =>
  openingStyles
    .map(
      ([style, pool], index) =>
        `${index + 1}. ${style}式：${pool[(m.seed + index) % pool.length]!(m.keyword, wordAt(m, index))}`,
    )
    .join('\n');

const hookPool: Array<(keyword: string) => string> = [
  (k) => `关于${k}，90%的人都忽略了这一点。`,
  (k) => `别划走！${k}的门道，三十秒给你讲透。`,
  (k) => `如果你也在纠结${k}，这条视频就是为你拍的。`,
];
const shotPictures = [
  '近景特写，主角入镜',
  '中景跟拍，边走边说',
  '俯拍细节，放慢节奏',
  '对比画面，左右分屏',
  '手部特写，展示操作',
  '全景空镜，交代环境',
];
/** Lines in any order (the pool is rotated), so none says 先 or 最后. */
const shotLines: Array<(item: string) => string> = [
  (item) => `${item}是大家最常问的，一定要讲到。`,
  (item) => `${item}很多人第一次都会忽略。`,
  (item) => `${item}这一点，我自己亲测过。`,
  (item) => `重点来了：${item}决定了最后的效果。`,
  (item) => `说到${item}，搜它的人也不少。`,
  (item) => `把${item}记下来，就不容易踩坑。`,
];
/** What a script with too little material talks about. */
const fallbackAspects = ['常见误区', '省钱小技巧', '真实体验'];
const callPool = [
  '觉得有用就点个收藏，下次用得上。',
  '关注我，下一期继续讲实用干货。',
  '你还想看哪方面？评论区告诉我。',
];

/** A short-video script: a hook, 3 to 4 numbered shots (picture and line) and a call to action. */
const videoScript: Writer = (m) => {
  const point = m.field('核心观点');
  const shop = m.field('店名');
  const product = m.field('产品名称');
  const intro = point
    ? `今天就说一句大实话：${point}。`
    : shop
      ? `今天带大家去${shop}，看看值不值得专门跑一趟。`
      : product
        ? `今天要聊的是${product}，用了一段时间，说说真实感受。`
        : '';
  const subjects = [...new Set([...m.items('招牌推荐', '主要卖点', '补充信息'), ...m.words])].slice(0, 4);
  for (const aspect of fallbackAspects) if (subjects.length < 3) subjects.push(`${m.keyword}的${aspect}`);
  const pictures = distinct(shotPictures, subjects.length, m.seed);
  const lines = distinct(shotLines, subjects.length, m.seed >>> 2);
  const price = m.field('人均消费');
  return [
    '【开头钩子】',
    hookPool[m.seed % hookPool.length]!(m.keyword),
    ...(intro ? [intro] : []),
    '',
    '【分镜脚本】',
    ...subjects.map((subject, index) => `镜头${index + 1}｜画面：${pictures[index]}｜台词：${lines[index]!(subject)}`),
    ...(price ? [`镜头${subjects.length + 1}｜画面：买单小票特写｜台词：${price}，这个价位很值。`] : []),
    '',
    '【结尾引导】',
    callPool[(m.seed >>> 3) % callPool.length]!,
    '',
    tagsLine(m, 4),
  ].join('\n');
};

const noteTitlePool: Array<(keyword: string) => string> = [
  (k) => `${k}真实测评｜用了一个月说说感受`,
  (k) => `挖到宝了！${k}闭眼入不踩雷`,
  (k) => `姐妹们，${k}我终于选对了`,
];
const notePointPool: Array<(word: string) => string> = [
  (w) => `✨ ${w}：做功课时被种草的点，实际用下来确实加分。`,
  (w) => `💡 ${w}：不少人会问，我的建议是按需选择。`,
  (w) => `👍 ${w}：细节做得好，日常用着很顺手。`,
  (w) => `📌 ${w}：搜这个词的人很多，买之前值得先了解。`,
];

/** A 小红书 note: a title line, a body (feeling, points with emoji) and five topic tags. */
const note: Writer = (m) => {
  const product = m.field('产品') || m.keyword;
  const experience = m.field('使用感受');
  const points = distinct(notePointPool, Math.min(3, Math.max(1, m.words.length)), m.seed).map((point, index) =>
    point(wordAt(m, index)),
  );
  return [
    noteTitlePool[m.seed % noteTitlePool.length]!(m.keyword),
    '',
    `最近入了${product}，认真用了一段时间来交作业～`,
    ...(experience ? [`说下真实感受：${experience}。`] : []),
    '',
    ...points,
    '',
    callPool[(m.seed >>> 3) % callPool.length]!,
    '',
    tagsLine(m, 5),
  ].join('\n');
};

/** Steps in any order (the pool is rotated): the step number says which comes first. */
const stepPool: Array<(item: string) => string> = [
  (item) => `搞定${item}，打好基础后面才轻松。`,
  (item) => `练习${item}，多试几次手感就来了。`,
  (item) => `注意${item}，新手最容易在这里出错。`,
  (item) => `把${item}加进来，效果会明显提升。`,
  (item) => `检查${item}，确认无误再往下走。`,
];

/** A tutorial note: a title, who it is for, numbered steps and a summary, then tags. */
const tutorial: Writer = (m) => {
  const level = m.field('读者水平') || '新手';
  const subjects = [...new Set([...m.items('要点'), ...m.words])].slice(0, 5);
  if (subjects.length === 0) subjects.push(m.keyword);
  const steps = distinct(stepPool, subjects.length, m.seed);
  return [
    `${m.keyword}保姆级教程｜${level}也能一次学会`,
    '',
    `这篇把${m.keyword}拆成几个步骤，${level}照着做就行。`,
    '',
    ...subjects.map((subject, index) => `第${index + 1}步：${steps[index]!(subject)}`),
    '',
    `总结：${m.keyword}不难，关键是按顺序练，别急着一步到位。收藏起来慢慢看。`,
    '',
    tagsLine(m, 5),
  ].join('\n');
};

/** 直播带货话术: opening, product, push and close, each a short spoken paragraph. */
const liveScript: Writer = (m) => {
  const product = m.field('商品') || m.keyword;
  const price = m.field('直播价');
  const bonus = m.field('福利');
  const words = m.words.slice(0, 2);
  return [
    '【开场留人】',
    `家人们晚上好！今天给大家带来${product}，想要${m.keyword}的先别走，福利马上安排。`,
    '',
    '【讲品】',
    `我手上这件就是${product}，大家看细节。`,
    ...words.map((word, index) =>
      index === 0 ? `很多人关心${word}，这款完全没问题。` : `还有人问${word}，我现场给大家演示一下。`,
    ),
    '',
    '【促单】',
    price ? `平时买不到这个价，${price}，只有今天直播间有。` : '今天直播间的价格，平时买不到。',
    ...(bonus ? [`另外还有${bonus}，拍到就是赚到。`] : []),
    '',
    '【逼单】',
    '库存不多了，最后几单，犹豫的家人抓紧下单，倒数五个数！',
  ].join('\n');
};

/** 直播预告文案: one short paragraph (under 150 characters) with the time and highlights. */
const livePreview: Writer = (m) => {
  const time = m.field('开播时间') || '本周';
  const highlight = m.field('直播亮点');
  return [
    `📣 ${time}，「${m.keyword}」专场直播准时开播！`,
    highlight ? `本场亮点：${highlight}。` : `${wordAt(m, 0)}一次讲清楚。`,
    '点击右上角预约，开播第一时间提醒你，我们直播间见～',
  ].join('\n');
};

const postPool: Array<(keyword: string, message: string) => string> = [
  (k, msg) => `今天想和大家分享${k}。${msg}，有需要的朋友直接私信我。`,
  (k, msg) => `老朋友们都在问${k}的事，统一回复一下：${msg}。`,
  (k, msg) => `忙了一整天，终于把${k}整理好了。${msg}，先到先得。`,
  (k, msg) => `一句话说清：${msg}。关于${k}的问题，随时找我聊。`,
];

/** 朋友圈文案: three posts, each a different way in, each under 80 characters. */
const posts: Writer = (m) => {
  const message = m.field('要传达的信息') || `最近在做${wordAt(m, 0)}`;
  return distinct(postPool, 3, m.seed)
    .map((post, index) => `第${index + 1}条：${post(m.keyword, message)}`)
    .join('\n\n');
};

/** 活动促销文案: a headline, the offer, the deadline and a call to buy. */
const promotion: Writer = (m) => {
  const event = m.field('活动名称') || `${m.keyword}专场`;
  const offer = m.field('优惠内容');
  const deadline = m.field('截止时间');
  return [
    `🎉 ${event}来啦！${m.keyword}好价一年只有这一次`,
    '',
    offer ? `优惠内容：${offer}。` : `${m.keyword}全场优惠。`,
    `热门的${wordAt(m, 0)}也在活动里，回头客都说值。`,
    deadline ? `活动截止：${deadline}，过时恢复原价。` : '活动时间有限，售完即止。',
    '',
    '喜欢的赶紧加购，别等错过再后悔！',
  ].join('\n');
};

const sellingPool: Array<(item: string) => [string, string]> = [
  (item) => [`${item}，够用不折腾`, '日常用起来省心，不用反复调整。'],
  (item) => [`${item}，一看就懂`, '不看说明书也能上手，家里老人也会用。'],
  (item) => [`${item}，细节见真章`, '用久了才发现，这些小地方最影响体验。'],
  (item) => [`${item}，省时又省力`, '把麻烦事交给它，把时间留给自己。'],
  (item) => [`${item}，同价位少见`, '和同类比一比，就知道差别在哪。'],
  (item) => [`${item}，买了不后悔`, '买过的人回购多，口碑是最好的说明。'],
];

/** 商品卖点提炼: five numbered points, each a short title and one line of why it matters. */
const sellingPoints: Writer = (m) => {
  const subjects = [...new Set([...m.items('商品参数'), ...m.words, m.keyword])].slice(0, 5);
  const pool = distinct(sellingPool, subjects.length, m.seed);
  return subjects
    .map((subject, index) => {
      const [title, why] = pool[index]!(subject);
      return `${index + 1}. ${title}：${why}`;
    })
    .join('\n');
};

const articleOpenings: Array<(keyword: string) => string> = [
  (k) => `说到${k}，很多人第一反应是难、麻烦，其实抓住几个关键点就够了。`,
  (k) => `今天想认真聊聊${k}，这些经验都是一点点试出来的。`,
  (k) => `如果你也在琢磨${k}，这篇可以直接收藏。`,
];
/** Points in any order (the pool is rotated). */
const articlePointPool: Array<(word: string) => string> = [
  (w) => `${w}是大家搜得最多的方向。`,
  (w) => `${w}值得单独讲，做好了能省不少事。`,
  (w) => `很多人问起${w}，答案其实很简单。`,
  (w) => `别忽略${w}，细节往往决定成败。`,
  (w) => `${w}适合刚入门的人先试。`,
  (w) => `用过${w}的人，评价普遍不错。`,
  (w) => `预算有限时，可以优先考虑${w}。`,
  (w) => `记住${w}，就不容易走弯路。`,
];

/** A template without a declared form: a title, an opening, numbered points and a closing. */
const article: Writer = (m) => {
  const subjects = [...new Set([m.keyword, ...m.words])].slice(0, articlePointPool.length);
  const points = distinct(articlePointPool, subjects.length, m.seed);
  return [
    `${m.keyword}：一篇讲清楚`,
    '',
    articleOpenings[m.seed % articleOpenings.length]!(m.keyword),
    '',
    ...subjects.map((subject, index) => `${index + 1}. ${points[index]!(subject)}`),
    '',
    callPool[(m.seed >>> 3) % callPool.length]!,
  ].join('\n');
};

const writers: Record<LlmWritingForm, Writer> = {
  article,
  titles,
  openings,
  'video-script': videoScript,
  note,
  tutorial,
  'live-script': liveScript,
  'live-preview': livePreview,
  posts,
  promotion,
  'selling-points': sellingPoints,
};

/** A field value's items: split at list punctuation, each once. */
export const itemsOf = (value: string) => [
  ...new Set(
    value
      .split(/[、,，;；\n]+/)
      .map((item) => item.trim())
      .filter(Boolean),
  ),
];

/** The sandbox's text for a writing context, in its form (an article when none is declared). */
export function writingText(context: LlmContext, seed: number): string {
  const keyword = context.keywords[0] ?? context.topic;
  const fields = context.fields ?? [];
  const field = (...labels: string[]) =>
    labels.map((label) => fields.find((entry) => entry.label === label)?.value.trim() ?? '').find(Boolean) ?? '';
  const material: Material = {
    keyword,
    words: [...new Set(context.relatedWords.map((word) => word.trim()))].filter((word) => word && word !== keyword),
    field,
    items: (...labels) => labels.flatMap((label) => itemsOf(field(label))),
    seed,
  };
  return writers[context.form ?? 'article'](material);
}
