import { Code, LivePath, videoMessages } from '@dso/contract';
import { bandNumber } from '@dso/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { liveSessions } from '../../db/schema';
import { createCreator, createLiveSession } from '../../testing';
import { useTestApp } from '../../testing/route-suite';

describe('the live pages', () => {
  const t = useTestApp();
  const { db, get } = t;

  const tokenOf = (showOriginalData: boolean) => t.tokenOf('VIP', showOriginalData);

  describe('a live session', () => {
    it('answers the session with its creator, goods and minutes; exact sales with show_original_data', async () => {
      const creator = await createCreator(db(), { nickName: '阿明厨房', followers: 320_000 });
      const startTime = new Date('2026-11-23T12:00:00Z');
      const session = await createLiveSession(db(), {
        creatorId: creator.id,
        title: '铁锅专场',
        startTime,
        minuteRows: [
          { minute: 0, online: 120, entering: 40, salesFen: 0 },
          { minute: 1, online: 380, entering: 95, salesFen: 25_800 },
          { minute: 2, online: 510, entering: 60, salesFen: 1_234_567 },
        ],
        goods: [{ title: '铁锅', price_fen: 12_900, sales: 12_345, cover: null, product_id: 'p1' }],
        salesAmountFen: 123_456_789,
        watchCount: 9_876,
      });
      const answer = await get(`${LivePath.detail}?lid=${session.roomId}`, await tokenOf(true));
      expect(answer.code).toBe(Code.OK);
      expect(answer.data).toEqual({
        room_id: session.roomId,
        title: '铁锅专场',
        cover: '',
        start_time: startTime.getTime() / 1000,
        end_time: null,
        watch_count: 9_876,
        peak_online: 510,
        sales_amount: 123_456_789,
        goods: [{ title: '铁锅', price: 12_900, sales: 12_345, cover: null }],
        minutes: [
          { minute: 0, online: 120, entering: 40, sales: 0 },
          { minute: 1, online: 380, entering: 95, sales: 25_800 },
          { minute: 2, online: 510, entering: 60, sales: 1_234_567 },
        ],
        creator: { user_id: creator.userId, nick_name: '阿明厨房', avatar_larger: '', total_follower_count: 320_000 },
        banded: false,
        is_demo: false,
      });
    });

    it('bands the sales for a visitor and for a member without show_original_data, keeping the curve’s shape', async () => {
      const session = await createLiveSession(db(), {
        minuteRows: [
          { minute: 0, online: 10, entering: 5, salesFen: 9_999 },
          { minute: 1, online: 20, entering: 5, salesFen: 1_234_567 },
        ],
        goods: [{ title: '砧板', price_fen: 5_990, sales: 23_456, cover: null }],
        salesAmountFen: 123_456_789,
      });
      for (const token of [undefined, await tokenOf(false)]) {
        const { data } = await get(`${LivePath.detail}?lid=${session.roomId}`, token);
        expect(data.sales_amount).toBe(bandNumber(123_456_789));
        expect(data.minutes.map((row: { sales: number }) => row.sales)).toEqual([9_999, 1_234_000]);
        expect(data.goods[0]).toEqual({ title: '砧板', price: 5_990, sales: 23_000, cover: null });
        expect(data.banded).toBe(true);
      }
    });

    it('gives the end time of an ended session', async () => {
      const endTime = new Date('2026-11-22T15:30:00Z');
      const session = await createLiveSession(db(), { startTime: new Date('2026-11-22T12:00:00Z'), endTime });
      expect((await get(`${LivePath.detail}?lid=${session.roomId}`)).data.end_time).toBe(endTime.getTime() / 1000);
    });

    it('answers 链接错误，请检查链接是否正确 without a lid or with a malformed one, and 404 直播不存在 for an unknown room', async () => {
      for (const query of ['', '?lid=', '?lid=%20', '?lid=abc%2Fdef', `?lid=${'9'.repeat(129)}`]) {
        expect(await get(`${LivePath.detail}${query}`)).toMatchObject({
          code: Code.BAD_REQUEST,
          msg: videoMessages.liveLinkError,
        });
      }
      expect(await get(`${LivePath.detail}?lid=7000000000000000000`)).toMatchObject({
        code: Code.NOT_FOUND,
        msg: videoMessages.liveNotFound,
      });
    });
  });

  describe('the wall', () => {
    /** The wall's tests see only their own sessions: the table is emptied first. */
    beforeAll(async () => {
      await db().delete(liveSessions);
    });

    it('lists the sessions live now, most viewers online first, then the latest ended ones, up to the limit', async () => {
      const now = Date.now();
      const small = await createLiveSession(db(), {
        title: '小直播间',
        minuteRows: [
          { minute: 0, online: 900, entering: 1, salesFen: 0 },
          { minute: 1, online: 50, entering: 1, salesFen: 100 },
        ],
      });
      const big = await createLiveSession(db(), { title: '大直播间', minutes: 45 });
      const endedEarly = await createLiveSession(db(), {
        startTime: new Date(now - 10 * 3_600_000),
        endTime: new Date(now - 8 * 3_600_000),
      });
      const endedLate = await createLiveSession(db(), {
        startTime: new Date(now - 5 * 3_600_000),
        endTime: new Date(now - 3 * 3_600_000),
        salesAmountFen: 5_000_000,
      });

      const answer = await get(`${LivePath.list}?limit=3`, await tokenOf(true));
      expect(answer.code).toBe(Code.OK);
      expect(answer.data.live_count).toBe(2);
      expect(answer.data.banded).toBe(false);
      const rooms = answer.data.sessions.map((row: { room_id: string }) => row.room_id);
      // The small room's latest minute has 50 online: the big room's 900 comes first.
      expect(rooms).toEqual([big.roomId, small.roomId, endedLate.roomId]);
      expect(rooms).not.toContain(endedEarly.roomId);

      const [first, second, third] = answer.data.sessions;
      expect(first).toMatchObject({ title: '大直播间', online: 900, peak_online: 900, end_time: null, goods_count: 2 });
      // The last 30 of its 45 minutes, oldest first.
      expect(first.recent_online).toHaveLength(30);
      expect(first.recent_online[0]).toEqual({ minute: 15, online: 700 });
      expect(first.recent_online[29]).toEqual({ minute: 44, online: 900 });
      expect(second.online).toBe(50);
      expect(third).toMatchObject({ online: 0, sales_amount: 5_000_000 });
      expect(third.end_time).toBe(Math.floor((now - 3 * 3_600_000) / 1000));
    });

    it('bands the wall’s sales for a visitor, and shows 12 sessions by default', async () => {
      const answer = await get(LivePath.list);
      expect(answer.data.banded).toBe(true);
      for (const row of answer.data.sessions) expect(typeof row.sales_amount).toBe('string');
      for (let index = 0; index < 10; index++) await createLiveSession(db(), { minutes: 2 });
      expect((await get(LivePath.list)).data.sessions).toHaveLength(12);
    });

    it('refuses a limit outside 1–48', async () => {
      for (const limit of ['0', '49', 'abc', '1.5']) {
        expect(await get(`${LivePath.list}?limit=${limit}`)).toMatchObject({
          code: Code.BAD_REQUEST,
          msg: '数量不正确',
        });
      }
    });

    it('answers an empty wall when nothing was ever live', async () => {
      await db().delete(liveSessions);
      expect((await get(LivePath.list)).data).toEqual({ live_count: 0, sessions: [], banded: true });
    });
  });
});
