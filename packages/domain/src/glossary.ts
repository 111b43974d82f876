/** A content category of the short-video platform, as the glossary widget shows it (000 §2.7). */
export interface ContentCategory {
  /** `diversify_1` … `diversify_90`. */
  code: string;
  name: string;
  /** One sentence on what the category holds. */
  tip: string;
}

/**
 * Names and tips in code order: entry i is `diversify_{i + 1}`. The spec gives neither the list nor
 * the wording, so these are the usual categories of a Chinese short-video platform. Append only:
 * codes are stored with data, so an existing position must never change meaning.
 */
const categoryEntries: ReadonlyArray<readonly [name: string, tip: string]> = [
  ['搞笑', '以段子、搞笑表演和幽默配音带来欢乐的内容。'],
  ['恶搞', '对经典片段或热点进行夸张改编、反转整活的内容。'],
  ['舞蹈', '展示各类舞蹈表演、舞蹈教学和热门手势舞的内容。'],
  ['美妆', '分享化妆教程、妆容展示和彩妆产品试色的内容。'],
  ['美食', '记录美食制作、吃播和家常菜谱的内容。'],
  ['旅行', '分享旅行目的地、出行攻略和沿途见闻的内容。'],
  ['游戏', '围绕电子游戏的实况、攻略和趣味剪辑内容。'],
  ['体育', '涵盖赛事集锦、体育新闻和运动员动态的内容。'],
  ['财经', '解读宏观经济、理财知识和投资市场的内容。'],
  ['科技', '介绍前沿科技、互联网产品和行业趋势的内容。'],
  ['健康', '传播疾病预防、医学常识和健康生活方式的内容。'],
  ['母婴', '分享孕期知识、婴幼儿护理和母婴用品的内容。'],
  ['汽车', '涵盖新车评测、用车技巧和购车指南的内容。'],
  ['宠物', '记录猫狗等宠物日常、喂养和训练知识的内容。'],
  ['家居', '分享家居布置、收纳整理和家装好物的内容。'],
  ['教育', '提供学科辅导、学习方法和教育观点的内容。'],
  ['职场', '讲述求职面试、职场技能和工作经验的内容。'],
  ['情感', '探讨恋爱、婚姻和人际关系话题的内容。'],
  ['三农', '关注农村、农业和农民生产生活的内容。'],
  ['影视', '进行电影电视剧解说、剪辑和推荐的内容。'],
  ['音乐', '包括翻唱、原创音乐、乐器演奏和歌曲推荐的内容。'],
  ['时尚穿搭', '分享服饰搭配、潮流趋势和穿搭技巧的内容。'],
  ['数码', '评测手机、电脑等数码产品并分享使用技巧的内容。'],
  ['二次元', '围绕动漫、漫画、Cosplay等二次元文化的内容。'],
  ['运动健身', '提供健身训练、塑形计划和运动示范的内容。'],
  ['摄影', '分享拍摄技巧、后期修图和摄影作品的内容。'],
  ['法律', '普及法律知识、解读案例和提供维权指南的内容。'],
  ['房产', '分析楼市行情、买房攻略和房产政策的内容。'],
  ['剧情', '以连续剧情、情景短剧讲述故事的内容。'],
  ['萌娃', '记录儿童成长趣事和可爱瞬间的内容。'],
  ['明星娱乐', '关注明星动态、娱乐八卦和演艺资讯的内容。'],
  ['综艺', '剪辑和解说综艺节目精彩片段的内容。'],
  ['新闻资讯', '报道社会热点、时事新闻和民生事件的内容。'],
  ['军事', '介绍军事装备、国防知识和军事历史的内容。'],
  ['历史', '讲述历史事件、历史人物和朝代故事的内容。'],
  ['人文地理', '介绍各地风土人情、地理知识和民俗文化的内容。'],
  ['艺术', '展示和解读美术、设计、雕塑等艺术作品的内容。'],
  ['书法', '展示书法作品、讲解笔法和练字方法的内容。'],
  ['绘画', '分享绘画过程、绘画教程和插画作品的内容。'],
  ['手工DIY', '教授手工制作、创意改造和DIY技巧的内容。'],
  ['生活技巧', '分享实用生活妙招和省时省力窍门的内容。'],
  ['日常Vlog', '以视频日记形式记录个人日常生活的内容。'],
  ['颜值', '以个人形象展示和颜值变装为主的内容。'],
  ['才艺', '展示唱歌、乐器、口技等个人才艺的内容。'],
  ['户外探险', '记录徒步、露营、登山等户外探险经历的内容。'],
  ['钓鱼', '分享垂钓技巧、钓点推荐和渔获展示的内容。'],
  ['园艺绿植', '介绍花草种植、绿植养护和庭院打理的内容。'],
  ['装修', '分享装修流程、避坑经验和装修案例的内容。'],
  ['探店', '实地探访餐厅、商铺并分享体验的内容。'],
  ['美甲', '展示美甲款式、美甲教程和指甲护理的内容。'],
  ['发型', '分享发型设计、造型教程和头发护理的内容。'],
  ['护肤', '讲解护肤知识、护肤步骤和护肤品测评的内容。'],
  ['减脂瘦身', '分享减脂饮食、瘦身方法和体重管理经验的内容。'],
  ['瑜伽', '示范瑜伽体式、冥想和身心放松练习的内容。'],
  ['中医养生', '传播中医理论、食疗养生和节气调理的内容。'],
  ['心理', '普及心理学知识、关注情绪疏导的内容。'],
  ['婚恋', '涉及相亲、婚礼筹备和婚姻经营的内容。'],
  ['亲子', '分享亲子互动、家庭教育和育儿经验的内容。'],
  ['校园', '记录学生校园生活、学习日常和青春故事的内容。'],
  ['考试考证', '提供升学考试、职业资格考试备考经验的内容。'],
  ['外语学习', '教授英语等外语口语、词汇和语法的内容。'],
  ['编程开发', '讲解编程语言、软件开发和技术实践的内容。'],
  ['创业', '分享创业故事、商业模式和经营管理经验的内容。'],
  ['电商运营', '讲解店铺运营、直播带货和流量获取方法的内容。'],
  ['测评', '对各类商品进行对比测试并给出购买建议的内容。'],
  ['好物分享', '推荐实用好物和高性价比商品的内容。'],
  ['开箱', '拆箱展示新品外观、配件和第一印象的内容。'],
  ['野生动物', '记录野生动物习性和自然界生存故事的内容。'],
  ['自然风光', '展示山川湖海、四季景色等自然美景的内容。'],
  ['科普', '用通俗易懂的方式讲解科学原理和生活常识的内容。'],
  ['天文航天', '介绍宇宙天体、航天工程和太空探索的内容。'],
  ['机械工程', '展示机械结构、工程设备和制造原理的内容。'],
  ['工业制造', '记录工厂生产流程和产品制造工艺的内容。'],
  ['养殖', '分享畜禽水产养殖技术和养殖场日常的内容。'],
  ['乡村生活', '记录田园风光和乡村日常生活的内容。'],
  ['方言', '以各地方言表演、教学和趣味对话为主的内容。'],
  ['相声小品', '表演或剪辑相声、小品等曲艺节目的内容。'],
  ['戏曲', '展示京剧、越剧、黄梅戏等传统戏曲的内容。'],
  ['朗诵', '朗读诗歌、散文和美文的声音类内容。'],
  ['读书', '推荐书籍、分享读书笔记和阅读感悟的内容。'],
  ['电竞', '关注电子竞技赛事、战队和职业选手的内容。'],
  ['棋牌', '讲解象棋、围棋、扑克等棋牌技巧和对局的内容。'],
  ['收藏鉴宝', '介绍古玩、文玩收藏和鉴定知识的内容。'],
  ['配音', '为影视片段或动画进行趣味配音的内容。'],
  ['魔术', '表演魔术、揭秘魔术和教学小魔术的内容。'],
  ['演讲口才', '提升表达能力、演讲技巧和沟通话术的内容。'],
  ['公益', '传播公益活动、志愿服务和社会关爱的内容。'],
  ['老年生活', '面向中老年人的生活、健康和兴趣内容。'],
  ['汉服国风', '展示汉服穿搭、传统礼仪和国风文化的内容。'],
  ['城市风光', '展示城市地标、夜景和城市变迁的内容。'],
];

/** The content-category glossary, `diversify_1` to `diversify_90` (000 §2.7). */
export const contentCategories: readonly ContentCategory[] = categoryEntries.map(([name, tip], index) => ({
  code: `diversify_${index + 1}`,
  name,
  tip,
}));

/** Looks up a category by its code; null for an unknown code. */
export function findContentCategory(code: string): ContentCategory | null {
  return contentCategories.find((category) => category.code === code) ?? null;
}

/** Glossary limits (000 §9). */
export const glossaryLimits = {
  /** A core-keyword count counts keywords ranked in the top 100. */
  coreKeywordTop: 100,
  /** A ranking count counts keywords ranked in the top 10. */
  rankingTop: 10,
  /** A monitored creator gets their latest 5000 videos. */
  monitoredCreatorVideos: 5000,
  /** Videos up to 20 minutes long can be extracted. */
  extractionMaxMinutes: 20,
} as const;

/** A glossary term with its definition. */
export interface GlossaryTerm {
  key: string;
  name: string;
  definition: string;
}

/** Definitions of the glossary terms (000 §9). */
export const glossaryTerms: readonly GlossaryTerm[] = [
  {
    key: 'coreKeywordCount',
    name: '核心词数',
    definition: `视频在搜索结果中排名前${glossaryLimits.coreKeywordTop}的关键词数量。`,
  },
  {
    key: 'rankingCount',
    name: '排名数',
    definition: `视频在搜索结果中排名前${glossaryLimits.rankingTop}的关键词数量。`,
  },
  {
    key: 'monitoredCreator',
    name: '监控达人',
    definition: `添加监控后获取该达人最新的${glossaryLimits.monitoredCreatorVideos}条视频。`,
  },
  {
    key: 'extractionLimit',
    name: '提取时长',
    definition: `可提取文案的视频时长不超过${glossaryLimits.extractionMaxMinutes}分钟。`,
  },
  {
    key: 'competition',
    name: '竞争度',
    definition: '1-2颗星表示竞争最小，3颗星表示竞争中等，4颗星表示竞争最大。',
  },
];

/** Competition levels by stars. */
export type CompetitionLevel = 'low' | 'medium' | 'high';

/**
 * Competition by stars (000 §9): 1-2 smallest, 3 medium, 4 largest. Anything else (0, 5, fractions,
 * missing) is not a star rating and gives null, which the view shows as '--'.
 */
export function competitionLabel(stars: number | null | undefined): { level: CompetitionLevel; label: string } | null {
  if (stars === 1 || stars === 2) return { level: 'low', label: '小' };
  if (stars === 3) return { level: 'medium', label: '中' };
  if (stars === 4) return { level: 'high', label: '大' };
  return null;
}
