import { shanghaiDay } from '@dso/domain';
import type { GoodsItem } from '../../../db/schema/videos';
import type { PlatformCreatorRecord, PlatformVideoRecord } from '../../../providers/platform-data';
import type { CreatorIngest, VideoIngest } from '../ingest/video-ingest.repository';

/*
 * The platform data source's records as the video ingest writes them: the one mapping the refresh of a video or a
 * creator and the discovery of new works share, so a fetched figure is stored the same way whichever path fetched it
 * (and a figure the source does not give, null, keeps the stored one).
 */

/** A source's goods as a video stores them. */
export function storedGoods(goods: NonNullable<PlatformVideoRecord['goods']>): GoodsItem[] {
  return goods.map((item) => ({
    title: item.title,
    price_fen: item.priceFen,
    sales: item.sales,
    cover: item.cover,
    product_id: item.productId,
  }));
}

/** A fetched work: the product's own score, words and transcript are not the source's, so the stored ones stay. */
export function videoIngestOf(record: PlatformVideoRecord, isDemo: boolean): VideoIngest {
  return {
    ...record,
    goods: record.goods === null ? null : storedGoods(record.goods),
    score: null,
    wordNew: null,
    transcript: null,
    isDemo,
  };
}

/** A fetched account, its figures of the Shanghai day it was fetched; no source gives the 30-day growth. */
export function creatorIngestOf(record: PlatformCreatorRecord, isDemo: boolean): CreatorIngest {
  const { fetchedAt, ...account } = record;
  return { ...account, followerGrowth30d: null, asOf: shanghaiDay(fetchedAt), isDemo };
}
