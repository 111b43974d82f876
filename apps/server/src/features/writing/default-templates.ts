import type { WritingVariableRow } from '../../db/schema/writing';
import type { LlmWritingForm } from '../../providers/llm/index';

/** A template of the default set; `seedKey` makes seeding idempotent. */
export interface DefaultWritingTemplate {
  seedKey: string;
  categoryId: number;
  categoryTitle: string;
  title: string;
  description: string;
  prompt: string;
  variables: WritingVariableRow[];
  tone: string;
  audience: string;
  /** What the answer looks like (10 titles, a script with shots …): the sandbox writes it, a model is asked for it. */
  form: LlmWritingForm;
}

const text = (key: string, label: string, placeholder: string, extra: Partial<WritingVariableRow> = {}) =>
  ({ key, label, placeholder, kind: 'text', required: true, keyword: false, maxLength: 50, ...extra }) as const;
const area = (key: string, label: string, placeholder: string, extra: Partial<WritingVariableRow> = {}) =>
  ({ key, label, placeholder, kind: 'textarea', required: false, keyword: false, maxLength: 300, ...extra }) as const;
/** The main subject: its words are looked up in the keyword library for related words. */
const subject = (label: string, placeholder: string) =>
  text('keyword', label, placeholder, { keyword: true, maxLength: 30 });

const video = { categoryId: 1, categoryTitle: '短视频脚本' };
const titles = { categoryId: 2, categoryTitle: '标题与开头' };
const notes = { categoryId: 3, categoryTitle: '小红书笔记' };
const live = { categoryId: 4, categoryTitle: '直播带货' };
const marketing = { categoryId: 5, categoryTitle: '营销文案' };

/**
 * The templates a new installation starts with, in display order: grouped the way Douyin and
 * Xiaohongshu sellers work (scripts, titles, notes, live selling, marketing copy).
 */
export const defaultWritingTemplates: DefaultWritingTemplate[] = [
  {
    seedKey: 'video-talking-head',
    form: 'video-script',
    ...video,
    title: '口播短视频脚本',
    description: '60秒左右的真人口播脚本，含开头钩子、分点内容和结尾引导。',
    prompt:
      '请为主题「{keyword}」写一个约60秒的抖音口播脚本。核心观点：{point}。补充信息：{detail}。结构：3秒钩子开头、2-3个要点、结尾引导点赞关注。',
    variables: [
      subject('视频主题', '例如：新手露营装备'),
      text('point', '核心观点', '例如：入门不用买贵的，三样东西就够', { maxLength: 100 }),
      area('detail', '补充信息', '你的经历、数据或案例（选填）'),
    ],
    tone: '口语化、有亲和力',
    audience: '抖音刷到视频的普通用户',
  },
  {
    seedKey: 'video-store-visit',
    form: 'video-script',
    ...video,
    title: '探店视频脚本',
    description: '按镜头顺序写探店视频，突出招牌、价格和环境。',
    prompt:
      '请为「{shop}」写一个探店短视频脚本，关键词「{keyword}」，招牌推荐：{dishes}，人均：{price}。按镜头列出画面和台词。',
    variables: [
      subject('探店关键词', '例如：成都火锅'),
      text('shop', '店名', '例如：老码头火锅（春熙路店）'),
      text('dishes', '招牌推荐', '例如：鲜毛肚、嫩牛肉', { maxLength: 100 }),
      text('price', '人均消费', '例如：人均80元', { required: false, maxLength: 20 }),
    ],
    tone: '真实、热情',
    audience: '本地吃喝玩乐人群',
  },
  {
    seedKey: 'video-product-seeding',
    form: 'video-script',
    ...video,
    title: '产品种草视频脚本',
    description: '痛点—产品—效果—下单理由，适合带货短视频。',
    prompt:
      '请为产品「{product}」写带货短视频脚本，搜索关键词「{keyword}」，主要卖点：{selling}，目标人群：{crowd}。先讲痛点，再展示产品和效果，最后给下单理由。',
    variables: [
      subject('搜索关键词', '例如：保温杯'),
      text('product', '产品名称', '例如：316不锈钢保温杯'),
      area('selling', '主要卖点', '例如：12小时保温、一键开盖、可装冰块', { required: true }),
      text('crowd', '目标人群', '例如：上班族', { required: false, maxLength: 30 }),
    ],
    tone: '真诚、有说服力',
    audience: '有购买需求的消费者',
  },
  {
    seedKey: 'title-viral',
    form: 'titles',
    ...titles,
    title: '爆款标题',
    description: '一次给出10个带关键词的短视频或笔记标题。',
    prompt:
      '请围绕关键词「{keyword}」写10个短视频标题，内容简介：{summary}。每个不超过25字，包含关键词，风格各不相同。',
    variables: [subject('关键词', '例如：减脂餐'), area('summary', '内容简介', '视频或笔记讲了什么（选填）')],
    tone: '吸睛、不夸大',
    audience: '在抖音搜索该关键词的用户',
  },
  {
    seedKey: 'title-opening',
    form: 'openings',
    ...titles,
    title: '黄金三秒开头',
    description: '写5种前3秒留人的开头：提问、反差、数字、场景、利益。',
    prompt:
      '请为主题「{keyword}」写5个视频开头（每个不超过30字），分别用提问、反差、数字、场景、利益五种方式。视频内容：{summary}。',
    variables: [subject('视频主题', '例如：租房改造'), area('summary', '视频内容', '视频主要讲什么（选填）')],
    tone: '直接、有悬念',
    audience: '快速划走的短视频用户',
  },
  {
    seedKey: 'note-seeding',
    form: 'note',
    ...notes,
    title: '种草笔记',
    description: '小红书风格的好物分享，带表情和话题标签。',
    prompt:
      '请写一篇小红书种草笔记，产品：{product}，关键词「{keyword}」，使用感受：{experience}。带标题、分段、表情符号和5个话题标签。',
    variables: [
      subject('关键词', '例如：油皮粉底液'),
      text('product', '产品', '例如：某品牌持妆粉底液'),
      area('experience', '使用感受', '例如：夏天8小时不脱妆，但有点干', { required: true }),
    ],
    tone: '闺蜜分享、真实',
    audience: '小红书年轻女性用户',
  },
  {
    seedKey: 'note-tutorial',
    form: 'tutorial',
    ...notes,
    title: '干货教程笔记',
    description: '把经验整理成步骤清晰、可收藏的教程笔记。',
    prompt: '请写一篇关于「{keyword}」的干货教程笔记，读者水平：{level}，要点：{points}。分步骤写，结尾总结。',
    variables: [
      subject('教程主题', '例如：手机拍美食'),
      text('level', '读者水平', '例如：零基础', { required: false, maxLength: 20 }),
      area('points', '要点', '你想讲的几个要点（选填）'),
    ],
    tone: '清楚、耐心',
    audience: '想学习该技能的新手',
  },
  {
    seedKey: 'live-script',
    form: 'live-script',
    ...live,
    title: '直播带货话术',
    description: '开场、讲品、促单、逼单的完整直播话术。',
    prompt:
      '请为直播间商品「{product}」写带货话术，关键词「{keyword}」，直播价：{price}，福利：{bonus}。包括开场留人、讲品、促单和逼单四段。',
    variables: [
      subject('商品关键词', '例如：羽绒服'),
      text('product', '商品', '例如：90白鸭绒轻薄羽绒服'),
      text('price', '直播价', '例如：直播间到手价199元', { maxLength: 30 }),
      text('bonus', '福利', '例如：前100单送收纳袋', { required: false, maxLength: 60 }),
    ],
    tone: '热情、有节奏感',
    audience: '直播间观众',
  },
  {
    seedKey: 'live-preview',
    form: 'live-preview',
    ...live,
    title: '直播预告文案',
    description: '开播前发布的预告，写清时间、亮点和福利。',
    prompt: '请写一条直播预告文案，主题「{keyword}」，开播时间：{time}，直播亮点：{highlight}。不超过150字。',
    variables: [
      subject('直播主题', '例如：年货节'),
      text('time', '开播时间', '例如：周五晚8点', { maxLength: 30 }),
      area('highlight', '直播亮点', '例如：全场5折、抽奖送手机', { required: true, maxLength: 200 }),
    ],
    tone: '期待感、简洁',
    audience: '账号粉丝',
  },
  {
    seedKey: 'marketing-moments',
    form: 'posts',
    ...marketing,
    title: '朋友圈文案',
    description: '适合私域发布的短文案，一次给3条。',
    prompt: '请围绕「{keyword}」写3条朋友圈文案，要传达的信息：{message}。每条不超过80字。',
    variables: [
      subject('主题', '例如：新品上市'),
      area('message', '要传达的信息', '例如：本周新到秋冬款，老客9折', { required: true }),
    ],
    tone: '自然、不硬广',
    audience: '微信好友和老客户',
  },
  {
    seedKey: 'marketing-promotion',
    form: 'promotion',
    ...marketing,
    title: '活动促销文案',
    description: '节日或店庆活动的宣传文案，突出优惠和截止时间。',
    prompt: '请为活动「{event}」写促销文案，关键词「{keyword}」，优惠内容：{offer}，截止时间：{deadline}。',
    variables: [
      subject('关键词', '例如：双十一护肤'),
      text('event', '活动名称', '例如：店铺三周年庆'),
      area('offer', '优惠内容', '例如：满300减50，第二件半价', { required: true }),
      text('deadline', '截止时间', '例如：11月11日24点', { required: false, maxLength: 30 }),
    ],
    tone: '紧迫、清楚',
    audience: '潜在买家',
  },
  {
    seedKey: 'marketing-selling-points',
    form: 'selling-points',
    ...marketing,
    title: '商品卖点提炼',
    description: '把商品参数翻译成用户听得懂的卖点。',
    prompt:
      '请把商品「{product}」的参数提炼成5个卖点，关键词「{keyword}」，参数：{specs}。每个卖点一句标题加一句解释。',
    variables: [
      subject('关键词', '例如：扫地机器人'),
      text('product', '商品', '例如：某型号扫拖一体机'),
      area('specs', '商品参数', '例如：6000Pa吸力、自动集尘、续航180分钟', { required: true }),
    ],
    tone: '专业、易懂',
    audience: '比较商品的消费者',
  },
];
