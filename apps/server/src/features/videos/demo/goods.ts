import type { GoodsItem } from '../../../db/schema/videos';
import { demoImageUrl } from '../../demo-images';
import { logNormal, pick } from './random';
import { goodsSuffixes } from './vocab';

/* The goods a demo work or live session sells. */

/** `count` goods about `subject`, drawn from `random`. */
export function goodsFor(subject: string, industry: string, random: () => number, count: number): GoodsItem[] {
  return Array.from({ length: count }, () => {
    // Prices end in .90 as shops set them: ¥9.90 … ¥499.90.
    const priceFen = Math.round(10 + random() ** 2 * 490) * 100 - 10;
    // Drawn in the order the fields were always drawn, so no other figure moves.
    const title = `${subject}${pick(goodsSuffixes, random)}`;
    const sales = Math.round(logNormal(random, 1.4) * 300);
    const productId = String(3_500_000_000_000_000 + Math.floor(random() * 1e15));
    return {
      title,
      price_fen: priceFen,
      sales,
      cover: demoImageUrl('goods', { key: productId, title, category: industry }),
      product_id: productId,
    };
  });
}
