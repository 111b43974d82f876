import { type CreatorIngest, upsertCreators } from '../../ingest/video-ingest.repository';
import type { ImportContext } from '../import-context';
import { type CheckedVideoRow, finish, MAX_INT, rowChecker, text } from '../row-checker';
import type { RawVideoRow } from '../video-import';

/** Checks one creators row. */
export function checkCreatorRow(raw: RawVideoRow): CheckedVideoRow<CreatorIngest> {
  const c = rowChecker(raw);
  const userId = c.string('user_id', '达人ID', true, 128);
  const nickName = c.string('nick_name', '昵称', true, 100);
  let gender: 0 | 1 | 2 = 0;
  const genderText = text(c.values.gender);
  if (genderText) {
    const found = ({ '0': 0, '1': 1, '2': 2, 男: 1, 女: 2, 未知: 0 } as const)[genderText as '0'];
    if (found === undefined) c.fail('gender', '性别应为 0/1/2 或 男/女/未知');
    else gender = found;
  }
  const input: CreatorIngest = {
    userId,
    nickName,
    uniqueId: c.string('unique_id', '抖音号', false, 100),
    avatar: c.string('avatar', '头像', false, 1_000),
    signature: c.string('signature', '简介', false, 500),
    gender,
    province: c.string('province', '省份', false, 32),
    city: c.string('city', '城市', false, 32),
    field: c.optional('field', '领域', 32),
    verified: c.flag('verified', '认证'),
    verifyInfo: c.optional('verify_info', '认证信息', 200),
    isCommerce: c.flag('is_commerce', '带货'),
    mcn: c.optional('mcn', 'MCN', 100),
    followerCount: c.count('follower_count', '粉丝数', true) ?? 0,
    followerGrowth30d: c.signed('follower_growth_30d', '30天涨粉'),
    totalFavorited: c.count('total_favorited', '获赞总数', true) ?? 0,
    awemeCount: c.count('aweme_count', '作品数', true, MAX_INT) ?? 0,
    videoCommentTotalCount: c.count('video_comment_total_count', '评论总数', false),
    videoShareTotalCount: c.count('video_share_total_count', '分享总数', false),
    videoCollectTotalCount: c.count('video_collect_total_count', '收藏总数', false),
    salesAmountFen30d: c.count('sales_amount_fen', '30天销售额（分）', false),
    liveCount: c.count('live_count', '直播场次', false, MAX_INT),
    asOf: c.day('as_of', '数据日期') ?? '',
    isDemo: false,
  };
  return finish(c.errors, input);
}

export const importCreators = async (context: ImportContext, rows: RawVideoRow[]) => {
  const accepted = context.accept(rows, checkCreatorRow);
  const { ids, inserted } = await upsertCreators(
    context.db,
    accepted.map(({ input }) => input),
  );
  context.written(ids.size, inserted);
};
