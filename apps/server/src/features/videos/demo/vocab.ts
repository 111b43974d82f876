/**
 * Vocabulary of the video demo generator: title templates, creator names and signatures, comment
 * fragments, music titles and goods. `{t}` stands for the video's subject (a head term or an industry
 * topic), `{n}` for a small number.
 */

export const titleTemplates = [
  '{t}测评｜这{n}款真的值得买吗',
  '{t}教程，新手也能一次学会',
  '开箱！{t}到底香不香',
  '{t}攻略来了，建议收藏',
  '{t}合集，{n}个都超好用',
  '关于{t}，没人告诉你的{n}个细节',
  '{t}避坑指南，看完少花冤枉钱',
  '第{n}次做{t}，终于成功了',
  '{t}｜平价好物分享',
  '一分钟看懂{t}',
  '{t}真实体验，不吹不黑',
  '今天聊聊{t} ✨',
  '{t}挑战第{n}天',
  '{t}这样做太绝了',
  '{n}块钱的{t}能有多好？',
  '全网最全{t}清单',
  '{t}日常vlog',
  '跟着博主学{t}',
  '{t}的正确打开方式',
  '后悔没早点知道的{t}技巧 🔥',
];

export const nicknameHeads = [
  '小鹿',
  '阿南',
  '大橙子',
  '糖糖',
  '老王',
  '七七',
  '阿杰',
  '米粒',
  '小周',
  '豆豆',
  '胖虎',
  '一一',
  '小美',
  '阿飞',
  '桃子',
  '木木',
  '芒果',
  '星星',
  '大鹏',
  '晓晓',
  '乐乐',
  '小林',
  '团子',
  '阿宝',
  '可乐',
  '老张',
  '花花',
  '小北',
  '安安',
  '柚子',
];

/** Nickname endings by industry; the general list serves every industry. */
export const nicknameTails: Record<string, string[]> = {
  美妆护肤: ['爱美妆', '的化妆台', '护肤日记', '美妆研究所'],
  美食餐饮: ['爱吃饭', '的厨房', '探店', '美食记', '吃遍全城'],
  服饰穿搭: ['穿搭日记', '的衣橱', '穿搭笔记'],
  母婴亲子: ['育儿记', '带娃日常', '妈妈'],
  数码家电: ['数码控', '聊科技', '测评室'],
  家居家装: ['的小家', '装修记', '收纳'],
  旅游出行: ['去旅行', '在路上', '旅行记'],
  汽车出行: ['说车', '聊车', '车评'],
  运动健身: ['健身中', '爱运动', '练起来'],
  宠物: ['和猫', '家的狗', '养宠记'],
  游戏: ['打游戏', '游戏解说', '上分'],
};
export const generalTails = ['日记', '的日常', '分享', 'vlog', '同学', '不加糖', '在这里'];

export const signatures = [
  '每天分享一点{f}干货，关注不迷路',
  '专注{f}{n}年，商务合作看主页',
  '真实测评，不接硬广',
  '记录生活，也记录{f}',
  '一个认真做{f}内容的人',
  '更新时间：每晚8点',
  '感谢每一个关注我的你',
];

export const verifyTitles = ['优质{f}创作者', '{f}领域达人', '知名{f}博主'];
export const mcns = ['无忧传媒', '遥望网络', 'papitube', '美ONE', '谦寻文化', '大禹网络'];

/** Comment fragments: whole short sentences, and openers and closers joined around the subject. */
export const commentSentences = [
  '太实用了，已收藏',
  '求链接',
  '博主好真实',
  '学到了学到了',
  '讲得很清楚，谢谢分享',
  '已关注，期待更新',
  '第一次刷到，好喜欢',
  '价格有点贵啊',
  '这个我也买过，确实好用',
  '感觉一般般吧',
  '被种草了',
  '怎么没早点刷到',
  '背景音乐叫什么',
  '支持一下',
  '画面好舒服',
  '同款已下单',
];
export const commentOpeners = ['请问', '真心觉得', '说实话', '姐妹们', '刚买的', '一直想试试', '求问'];
export const commentClosers = ['好用吗', '怎么样', '太绝了', '在哪买', '有推荐的吗', '值得入手', '效果真的好'];
export const commentNicknames = ['用户', '追光', '晚风', '路人甲', '小可爱', '吃瓜群众', '早睡早起', '咸鱼'];

export const musicTitles = [
  '@原声',
  '晴天',
  '起风了',
  '孤勇者',
  '稻香',
  '热爱105°C的你',
  '云与海',
  '星辰大海',
  '少年',
  '下山',
  '阳光彩虹小白马',
  '句号',
];

export const goodsSuffixes = ['旗舰款', '家用套装', '新款', '礼盒装', '大容量', '便携款'];

export const liveTitles = ['{f}专场，福利不停', '今晚{f}好物秒杀', '{f}宠粉日', '聊聊{f}，抽奖送福利'];
