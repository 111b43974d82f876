import type { Database } from '../db/client';
import { type GoodsItem, liveMinutes, liveSessions } from '../db/schema';
import { createCreator } from './videos';

let serial = 0;

export interface LiveSessionFactoryInput {
  creatorId?: number;
  roomId?: string;
  title?: string;
  startTime?: Date;
  /** Null (the default) = live now. */
  endTime?: Date | null;
  /** Minutes to record from the start, with a rising then steady audience (default 30). */
  minutes?: number;
  /** Explicit minutes instead of generated ones. */
  minuteRows?: Array<{ minute: number; online: number; entering: number; salesFen: number }>;
  goods?: GoodsItem[];
  /** Defaults to the sum of the minutes' sales. */
  salesAmountFen?: number;
  watchCount?: number;
  isDemo?: boolean;
}

/**
 * Inserts a live session (and a creator when none is given) with its minutes: minute m has
 * 100 + 40·m viewers online (up to minute 20, then steady), 30 + m entering, and m·1,000 fen of sales;
 * by default two goods whose sales add up to about the minutes' sales.
 */
export async function createLiveSession(db: Database, input: LiveSessionFactoryInput = {}) {
  const creatorId = input.creatorId ?? (await createCreator(db)).id;
  const startTime = input.startTime ?? new Date(Date.now() - 45 * 60_000);
  const minutes =
    input.minuteRows ??
    Array.from({ length: input.minutes ?? 30 }, (_, minute) => ({
      minute,
      online: 100 + 40 * Math.min(minute, 20),
      entering: 30 + minute,
      salesFen: minute * 1_000,
    }));
  const peakOnline = minutes.reduce((peak, row) => Math.max(peak, row.online), 0);
  const salesFen = minutes.reduce((sum, row) => sum + row.salesFen, 0);
  const [session] = await db
    .insert(liveSessions)
    .values({
      roomId: input.roomId ?? `73${Date.now()}${String(++serial).padStart(4, '0')}`,
      creatorId,
      title: input.title ?? `直播间${serial}`,
      cover: '',
      startTime,
      endTime: input.endTime ?? null,
      watchCount: input.watchCount ?? minutes.reduce((sum, row) => sum + row.entering, 0),
      peakOnline,
      salesAmountFen: input.salesAmountFen ?? salesFen,
      // Two products that sold, between them, about what the minutes sold (70 % and 30 %).
      goods: input.goods ?? [
        {
          title: '铁锅',
          price_fen: 12_900,
          sales: Math.round((salesFen * 0.7) / 12_900),
          cover: null,
          product_id: 'p1',
        },
        { title: '砧板', price_fen: 5_990, sales: Math.round((salesFen * 0.3) / 5_990), cover: null, product_id: 'p2' },
      ],
      isDemo: input.isDemo ?? false,
    })
    .returning();
  if (minutes.length > 0) {
    await db.insert(liveMinutes).values(minutes.map((row) => ({ sessionId: session!.id, ...row })));
  }
  return session!;
}
