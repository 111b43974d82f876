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

/**
 * Creator nicknames: a head (a pet name, a given name) in a form (`{h}` is the head). Every head in every
 * form gives `nicknameHeads.length × nicknameForms.length` distinct names, which the generator deals out
 * without repeats (no numeric suffix needed); a field's own forms take the first places of its forms.
 */
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
  '阿野',
  '小满',
  '栗子',
  '阿May',
  '老陈',
  '婷婷',
  '小熊',
  '阿珍',
  '大牛',
  '暖暖',
  '小雨',
  '阿凯',
  '布丁',
  '老李',
  '嘟嘟',
  '小苏',
  '阿琳',
  '西西',
  '椰子',
  '老赵',
  '菲菲',
  '小夏',
  '阿伟',
  '甜甜',
  '大白',
  '小秋',
  '阿文',
  '果果',
  '小蒋',
  '阿彬',
];

/** Nickname forms by industry (taking the first places of the industry's forms); `{h}` is the head. */
export const nicknameTails: Record<string, string[]> = {
  美妆护肤: ['{h}爱美妆', '{h}的化妆台', '{h}护肤日记', '{h}美妆研究所'],
  美食餐饮: ['{h}爱吃饭', '{h}的厨房', '{h}探店', '{h}美食记', '{h}吃遍全城'],
  服饰穿搭: ['{h}穿搭日记', '{h}的衣橱', '{h}穿搭笔记'],
  母婴亲子: ['{h}育儿记', '{h}带娃日常', '{h}妈妈'],
  数码家电: ['{h}数码控', '{h}聊科技', '{h}测评室'],
  家居家装: ['{h}的小家', '{h}装修记', '{h}爱收纳'],
  旅游出行: ['{h}去旅行', '{h}在路上', '{h}旅行记'],
  汽车出行: ['{h}说车', '{h}聊车', '{h}车评'],
  运动健身: ['{h}健身中', '{h}爱运动', '{h}练起来'],
  宠物: ['{h}和猫', '{h}家的狗', '{h}养宠记'],
  游戏: ['{h}打游戏', '{h}游戏解说', '{h}上分'],
};
/** Forms for every industry; a field's own forms replace the first of them. */
export const generalTails = [
  '{h}日记',
  '{h}的日常',
  '{h}分享',
  '{h}vlog',
  '{h}同学',
  '{h}不加糖',
  '{h}在这里',
  '是{h}呀',
  '{h}今天也很努力',
  '一只{h}',
  '{h}的小日子',
  '{h}想躺平',
  '{h}碎碎念',
  '认真生活的{h}',
  '{h}在杭州',
  '{h}在成都',
  '{h}的生活记录',
  '{h}爱折腾',
  '快乐的{h}',
  '{h}很忙',
  '{h}说',
  '北漂{h}',
  '{h}不熬夜',
  '{h}的周末',
];

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

/**
 * Comments as people write them under a work: questions, praise, complaints, experiences and replies,
 * each a first clause naming the work's words (`{t}` the subject, `{l}` the title's lead phrase, `{g}`
 * a good it sells) and a second that finishes it, so a comment section reads as different people.
 */
export const commentForms = {
  question: {
    heads: [
      '{t}新手入门买哪款比较好',
      '请问{l}有什么推荐吗',
      '{t}一般预算多少合适',
      '博主视频里的{t}是哪个牌子的',
      '{t}小白应该从哪一步开始',
      '{t}和平价款差别大吗',
      '想问下{t}适合学生党吗',
      '{l}有没有避坑清单',
    ],
    tails: ['？', '？求解答', '？蹲一个答案', '？纠结好久了', '？在线等', '？想入手了'],
  },
  praise: {
    heads: [
      '{t}讲得太清楚了',
      '终于有人把{l}讲明白了',
      '看了好多{t}的视频，这条最实在',
      '{t}这几个细节太有用了',
      '画面好干净，{t}也讲得细',
      '跟着做{t}真的没踩雷',
    ],
    tails: ['，收藏了慢慢看', '，已经转给朋友了', '，比我看的教程都强', '！关注了', '，宝藏博主', '，期待下一期'],
  },
  complaint: {
    heads: [
      '{t}我跟着买了，实际没视频里那么好',
      '说是平价，{t}这价格也不便宜',
      '广告有点明显了，{t}还是要自己多对比',
      '{t}那段讲得太快了，没跟上',
      '我家{t}用了一个月就出问题了',
      '{t}踩过雷，劝大家别冲动下单',
    ],
    tails: ['', '，有点失望', '，下次能讲细点吗', '，大家慎重', '，希望博主出个后续', '。'],
  },
  experience: {
    heads: [
      '上个月刚入了{t}，用了两周',
      '照着博主的方法弄了{t}',
      '我们家也是这款{t}，用了快一年',
      '之前{t}走了不少弯路',
      '{t}我对比了三家',
      '第一次尝试{t}',
    ],
    tails: [
      '，感觉还不错',
      '，效果超出预期',
      '，最后还是选了视频里这种',
      '，要是早点看到这条就好了',
      '，家里人都说好',
      '，比预想的省事',
    ],
  },
} as const;

/** Replies to an earlier commenter (`回复 @名字：` as the platform shows them). */
export const commentReplies = [
  '同问',
  '我也想知道',
  '我用过，{t}还可以',
  '{t}确实要多对比几家',
  '博主主页有专门讲{t}的',
  '一样的情况，后来换了',
  '谢谢分享，{t}我也去试试',
  '{g}我买过，性价比挺高',
];

/** Commenter names: a first part and a second, as people name their accounts (no numeric suffix). */
export const commenterFirsts = [
  '爱吃',
  '不吃香菜的',
  '晚风',
  '橘子',
  '熬夜的',
  'momo',
  '一只',
  '快乐',
  '早睡的',
  '南方',
  '喝奶茶的',
  '追光的',
  '发呆的',
  '小城',
  '温柔',
  '柠檬',
  '周末',
  '路过的',
  '想变瘦的',
  '安静的',
];
export const commenterSeconds = [
  '小熊',
  '汽水',
  '阿梨',
  '小王',
  '星河',
  '兔子',
  '栗子',
  '猫猫',
  '打工人',
  '小太阳',
  '鱼丸',
  '青柠',
  '大橘',
  '小满',
  '西瓜',
  '云朵',
  '阿喵',
  'Lily',
  '土豆',
  '芋圆',
];

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
