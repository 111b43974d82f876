import { type AdminCard, cardExportColumns } from '@dso/contract';
import { formatTime, gradeNames, normalizeGrade } from '@dso/domain';
import type { Database } from '../../../db/client';
import { attachmentOf, csvOf } from '../../../lib/csv';
import { listCards } from '../../orders';

/** A card's state as the export and the page word it. */
export function cardStateOf(card: Pick<AdminCard, 'redeemed_at' | 'redeem_by'>, nowS: number): string {
  if (card.redeemed_at !== null) return '已兑换';
  return card.redeem_by !== null && card.redeem_by <= nowS ? '已过期' : '未兑换';
}

/**
 * A batch's cards as CSV (UTF-8 with a byte-order mark, so Excel reads the Chinese): its place in the batch,
 * the code to redeem, grade, days, state and who redeemed it when. An unknown batch gives the header alone.
 */
export async function exportBatchCsv(db: Database, batch: string, now: Date) {
  const { list } = await listCards(db, batch);
  const nowS = Math.floor(now.getTime() / 1000);
  const rows = list.map((card, index) => [
    index + 1,
    card.code,
    gradeNames[normalizeGrade(card.grade)],
    card.days,
    cardStateOf(card, nowS),
    card.redeemed_phone ?? '',
    card.redeemed_at === null ? '' : formatTime(card.redeemed_at),
  ]);
  return {
    file: csvOf([[...cardExportColumns], ...rows]),
    disposition: attachmentOf(`会员卡-${batch}.csv`, 'cards.csv'),
  };
}
