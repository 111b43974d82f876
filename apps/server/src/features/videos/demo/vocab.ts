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

/*
 * The spoken script of a demo work (its stored transcript): a hook, numbered points, an optional goods
 * line and a call to action, in the talking style of Chinese short videos. `{t}` is the subject, `{l}`
 * the title's lead phrase (a long tail, or the subject), `{f}` the creator's field, `{n}` a small
 * number, `{o}` the point's ordinal, `{g}` a good's title. Each entry is one or two spoken sentences.
 */
export const transcriptHooks = [
  '家人们，{l}到底怎么选？今天一条视频给你讲明白。',
  '先别划走！关于{t}，这几个点我踩了好多坑才总结出来。',
  '你是不是也觉得{t}特别难？其实真没那么复杂。',
  '最近好多朋友私信问我{l}，今天统一回复一下。',
  '说真的，{t}这件事我前前后后研究了快一个月。',
  '如果你正在纠结{l}，那这条视频一定要看完。',
  '{t}，九成的人第一步就做错了，你中招了吗？',
  '今天不讲虚的，直接上干货，聊聊{t}。',
  '花了{n}百块钱交的学费，今天关于{t}全都告诉你。',
  '刷到就是缘分，关于{l}，我把压箱底的经验分享出来。',
];

export const transcriptPoints = [
  '{o}，别光看价格，{t}最重要的是适合自己，贵的不一定好用。',
  '{o}，一定要看清楚细节，很多人在{t}上栽跟头，就是忽略了这些小地方。',
  '{o}，新手建议从最基础的开始，{t}先入门，再慢慢研究进阶的。',
  '{o}，提前把功课做足，{t}这件事能少走一半的弯路。',
  '{o}，评论区问得最多的就是这个，我自己实测下来确实有用。',
  '{o}，千万不要盲目跟风，适合博主的不一定适合你。',
  '{o}，记住这个小技巧，{t}的效果会好很多，真的是肉眼可见。',
  '{o}，预算有限的话，钱一定要花在刀刃上，其他的可以慢慢补。',
  '{o}，做完之后记得复盘，哪里不满意下次就改，进步特别快。',
  '{o}，这个坑我踩过，{t}千万别一次买太多，先少量试试。',
  '{o}，多对比几家，同样的{t}差价能有好几十块。',
  '{o}，坚持比什么都重要，我也是试了{n}次才找到感觉。',
  '{o}，看清楚适用人群，{t}不是人人都合适，不适合就别硬来。',
  '{o}，别信那些速成的说法，{f}这行没有捷径，方法对了才快。',
];

/** Ordinals of the points, in order; the last point says 最后 instead. */
export const transcriptOrdinals = ['第一', '第二', '第三', '第四', '第五'];

export const transcriptGoodsLines = [
  '视频里用到的{g}我放在小黄车了，需要的朋友可以自己去看看。',
  '很多人问同款，{g}就在左下角，链接我已经挂好了。',
];

export const transcriptCalls = [
  '好了，今天就分享到这里，觉得有用记得点赞收藏，关注我，下期教你更多{f}干货。',
  '你们还有什么关于{t}的问题，都打在评论区，我一条条回。',
  '点个关注不迷路，明天接着跟你们聊{t}。',
  '赶紧收藏起来慢慢看，转发给需要的朋友，我们下期见！',
  '觉得有帮助的话双击支持一下，关注我，{f}的事以后都不用愁。',
];
