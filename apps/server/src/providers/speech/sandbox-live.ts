import { fnv1aOfCodePoints } from '../../lib/text-hash';
import type { LiveSpeechSource, Transcript } from './index';

/**
 * The sandbox's transcript of a live session (AI 直播复盘): what a host of such a session says, minute
 * by minute, derived from the session itself: the goods in turn (longer for the ones that sold more),
 * their prices, welcomes where the online count rises, giveaways where it falls, orders called out
 * where sales came in, an opening and a close. The same session always reads the same.
 */

const yuan = (fen: number) => `${(fen / 100).toFixed(fen % 100 === 0 ? 0 : 1)}元`;
/** The "daily price" hosts quote beside the live price: about 40 % more, ending in 9. */
const dailyPrice = (fen: number) => `${Math.round((fen * 1.4) / 100 / 10) * 10 + 9}元`;

type Good = LiveSpeechSource['goods'][number];
type Line = (good: Good, online: number) => string;

const openings = [
  (title: string) => `哈喽哈喽，欢迎来到我们直播间！今天是${title}，福利一波接一波，先点个关注不迷路。`,
  (title: string) => `家人们晚上好，${title}正式开播啦！刚进来的宝宝先别走，今天的价格真的很炸。`,
  (title: string) => `欢迎欢迎，今天这场${title}我们准备了很久，右上角点个关注，待会儿抽奖要用。`,
];
const lineup = (goods: Good[]) =>
  goods.length > 0
    ? `今天一共给大家准备了${goods.length}款好物，有${goods
        .slice(0, 3)
        .map((good) => `${good.title}`)
        .join('、')}${goods.length > 3 ? '等等' : ''}，每一款都是直播间专属价。`
    : '今天给大家准备了好几款专属福利，大家往下看。';
const warmups = ['还没点关注的宝宝点点关注，开播福利马上就来。', '我看一下人数，人再多一点我们就上第一个福利。'];

/** What a host says about a product, by how far into its turn the minute is. */
const productLines: Line[][] = [
  [
    (good) => `好，我们来看下一款，${good.title}，这款是今天的主推，大家看我手上这个。`,
    (good) => `接下来上${good.title}，很多宝宝在评论区问了好久，终于给大家安排上了。`,
  ],
  [
    (good) => `${good.title}的做工大家看一下，细节这里都是加厚的，用料一点都不含糊。`,
    (good) => `我自己用了快一个月了，${good.title}最打动我的就是方便，拿出来就能用。`,
  ],
  [
    (good) =>
      `价格给大家说一下，${good.title}日常价${dailyPrice(good.price_fen)}，今天直播间只要${yuan(good.price_fen)}。`,
    (good) =>
      `今天${good.title}到手价${yuan(good.price_fen)}，比日常价${dailyPrice(good.price_fen)}便宜了一大截，还送运费险。`,
  ],
  [
    () => '有宝宝问能不能放心买，七天无理由，收到不满意直接退，运费我们出。',
    () => '评论区问尺寸的，链接里有详细参数，拿不准的可以直接问客服。',
    (good) => `${good.title}库存就这么多，拍完就恢复原价了，想要的宝宝抓紧。`,
    () => '我再给大家演示一遍，大家看清楚，这个细节别家真的没有。',
    (good) => `已经拍了${good.title}的宝宝扣个“已拍”，我给大家优先发货。`,
  ],
];
const welcomes = [
  (online: number) => `欢迎刚进直播间的宝宝们，现在有${online}人在线，没点关注的点一下，马上抽奖。`,
  (online: number) => `哇，一下子进来好多人，${online}位家人在看，新来的宝宝我再说一遍今天的福利。`,
];
const giveaways = [
  '来，我们上一波福利，点赞到下一个整数我们就抽三位宝宝免单！',
  '福利时间到，评论区扣“想要”，倒计时结束抽五位宝宝送同款。',
  '别走别走，马上发一波优惠券，领了券再拍更划算。',
];
const orders = [
  (good: Good) => `恭喜好几位宝宝拍下${good.title}，库存已经不多了，还没拍的抓紧。`,
  (good: Good) => `${good.title}又卖出去一大波，后台在加库存，大家手速快一点。`,
];
const closings = [
  '今天的直播就到这里了，没抢到的宝宝明天同一时间再来，我们下播啦。',
  '感谢大家今天的陪伴，所有链接都还能拍到今晚十二点，我们下场直播见。',
];

/** Minutes between two welcomes or giveaways. */
const COOLDOWN_MINUTES = 6;

/** The minutes each good is talked about in one round: 3 to 8, more for the ones that sold more. */
function turnLengths(goods: Good[]): number[] {
  const amounts = goods.map((good) => good.sales * good.price_fen);
  const total = amounts.reduce((sum, amount) => sum + amount, 0);
  return amounts.map((amount) =>
    Math.max(3, Math.min(8, Math.round(3 + (total > 0 ? (amount / total) * goods.length * 2.5 : 1)))),
  );
}

/** Sales of a minute that count as a burst: the top tenth of the minutes that sold. */
function burstThreshold(minutes: LiveSpeechSource['minutes']): number {
  const sold = minutes
    .map((entry) => entry.salesFen)
    .filter((fen) => fen > 0)
    .sort((a, b) => a - b);
  return sold.length ? sold[Math.floor(sold.length * 0.9)]! : Number.POSITIVE_INFINITY;
}

/** The host's script of a session, one timed piece per recorded minute. */
export function liveScript(source: LiveSpeechSource): Transcript {
  const seed = fnv1aOfCodePoints(source.roomId);
  const minutes = source.minutes;
  const total = minutes.length;
  const goods = source.goods;
  const lengths = turnLengths(goods);
  const burst = burstThreshold(minutes);
  const opening = Math.min(3, total);
  const closing = total >= 8 ? 2 : 0;
  let goodIndex = 0;
  let turnMinute = 0;
  let giveawayTurn = 0;
  // A host welcomes a wave of viewers, or calls a giveaway, once in a while, not every minute of it.
  let welcomeAfter = 0;
  let giveawayAfter = 0;

  const segments = minutes.map((entry, index) => {
    const online = entry.online;
    const before = minutes[Math.max(0, index - 3)]!.online;
    const parts: string[] = [];
    if (index < opening) {
      parts.push(
        index === 0
          ? openings[seed % openings.length]!(source.title)
          : index === 1
            ? lineup(goods)
            : warmups[seed % 2]!,
      );
    } else if (index >= total - closing) {
      parts.push(closings[(seed + index) % closings.length]!);
    } else if (goods.length === 0) {
      parts.push(giveaways[(seed + index) % giveaways.length]!);
    } else {
      const good = goods[goodIndex]!;
      if (index >= welcomeAfter && online > before * 1.2 && index - 3 >= opening) {
        parts.push(welcomes[(seed + index) % welcomes.length]!(online));
        welcomeAfter = index + COOLDOWN_MINUTES;
      } else if (index >= giveawayAfter && online < before * 0.85) {
        parts.push(giveaways[(seed + giveawayTurn++) % giveaways.length]!);
        giveawayAfter = index + COOLDOWN_MINUTES;
      }
      const bank = productLines[Math.min(turnMinute, productLines.length - 1)]!;
      parts.push(bank[(seed + index) % bank.length]!(good, online));
      if (entry.salesFen >= burst) parts.push(orders[(seed + index) % orders.length]!(good));
      turnMinute++;
      if (turnMinute >= lengths[goodIndex]!) {
        turnMinute = 0;
        goodIndex = (goodIndex + 1) % goods.length;
      }
    }
    return { start: entry.minute * 60, end: entry.minute * 60 + 60, text: parts.join('') };
  });
  return { text: segments.map((segment) => segment.text).join('\n'), segments, language: 'zh' };
}
