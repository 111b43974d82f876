import type { CreatorRow } from '@dso/contract';
import { creatorClass, salesClass } from '@dso/domain';
import type { CreatorRecord } from '../detail/video-detail.repository';

/**
 * A creator in a list (the library, benchmark accounts, favourites; contract `creatorRowSchema`), and
 * the part of the creator profile (`creatorProfileSchema`, which the row is picked from) that the two
 * have in common: one mapping of a creator's row to the wire.
 */
export function presentCreatorRow(creator: CreatorRecord): CreatorRow {
  const sales = salesClass(creator.salesAmountFen);
  return {
    user_id: creator.userId,
    unique_id: creator.uniqueId,
    nick_name: creator.nickName,
    avatar_larger: creator.avatar,
    field: creator.field,
    province: creator.province,
    city: creator.city,
    verified: creator.verified,
    is_commerce: creator.isCommerce,
    total_follower_count: creator.totalFollowerCount,
    follower_growth_30d: creator.followerGrowth30d,
    total_favorited: creator.totalFavorited,
    aweme_count: creator.awemeCount,
    size_class: creatorClass(creator.totalFollowerCount),
    sales_class: { code: sales.code, label: sales.label },
    as_of: creator.asOf,
    is_demo: creator.isDemo,
  };
}
