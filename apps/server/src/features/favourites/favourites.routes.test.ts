import { Code, CreatorPath, FavouritePath, VideoPath, videoLimits, videoMessages } from '@dso/contract';
import { describe, expect, it } from 'vitest';
import { favourites } from '../../db/schema';
import { createCreator, createVideo } from '../../testing';
import { useTestApp } from '../../testing/route-suite';

describe('favourites', () => {
  const t = useTestApp();
  const { db, get, post } = t;

  const account = (showOriginalData = false) => t.account({ showOriginalData });
  const list = async (type: string, token: string, query = '') =>
    (await get(`${FavouritePath.list}?type=${type}${query}`, token)).data;

  it('asks a visitor to log in for every call', async () => {
    const body = { type: 'collectVideo', subject: '123' };
    expect((await post(FavouritePath.add, undefined, body)).code).toBe(Code.TOKEN_INVALID);
    expect((await post(FavouritePath.remove, undefined, body)).code).toBe(Code.TOKEN_INVALID);
    expect((await get(`${FavouritePath.list}?type=collectVideo`)).code).toBe(Code.TOKEN_INVALID);
  });

  it('collects a video once however often it is added, shows it collected, and removes it', async () => {
    const { token } = await account();
    const video = await createVideo(db());
    const body = { type: 'collectVideo', subject: video.awemeId };
    expect(await post(FavouritePath.add, token, body)).toMatchObject({
      code: Code.OK,
      msg: '收藏成功',
      data: { collected: true },
    });
    expect((await post(FavouritePath.add, token, body)).data).toEqual({ collected: true });
    const listed = await list('collectVideo', token);
    expect(listed.total_record).toBe(1);
    expect(listed.result[0]).toMatchObject({
      type: 'collectVideo',
      subject: video.awemeId,
      video: { video_id: video.awemeId, good_count: 12_000 },
      keyword: null,
      creator: null,
    });
    expect((await get(`${VideoPath.detail}?awemeId=${video.awemeId}`, token)).data.collected).toBe(true);

    expect(await post(FavouritePath.remove, token, body)).toMatchObject({
      msg: '已取消收藏',
      data: { collected: false },
    });
    expect((await post(FavouritePath.remove, token, body)).data).toEqual({ collected: false });
    expect((await list('collectVideo', token)).total_record).toBe(0);
    expect((await get(`${VideoPath.detail}?awemeId=${video.awemeId}`, token)).data.collected).toBe(false);
  });

  it('collects a creator and shows it in the creator profile; other users do not see it', async () => {
    const { token } = await account();
    const other = await account();
    const creator = await createCreator(db(), { followers: 2_000_000 });
    await post(FavouritePath.add, token, { type: 'collectUser', subject: creator.userId });
    expect((await list('collectUser', token)).result[0].creator).toMatchObject({
      user_id: creator.userId,
      size_class: { code: 'shoulder', label: '肩部达人' },
    });
    expect((await get(`${CreatorPath.profile}?userId=${creator.userId}`, token)).data.collected).toBe(true);
    expect((await get(`${CreatorPath.profile}?userId=${creator.userId}`, other.token)).data.collected).toBe(false);
    expect((await list('collectUser', other.token)).total_record).toBe(0);
  });

  it('collects a DSO keyword by its text with its library row, and keeps one the library lacks', async () => {
    const { token } = await account(true);
    await createVideo(db(), { keywords: [{ keyword: '收藏的词', monthCoverCount: 4_321, competition: 3 }] });
    await post(FavouritePath.add, token, { type: 'collectDouyin', subject: '收藏的词' });
    await post(FavouritePath.add, token, { type: 'collectDouyin', subject: '没有的词' });
    const listed = await list('collectDouyin', token);
    expect(listed.total_record).toBe(2);
    const bySubject = new Map<string, unknown>(
      listed.result.map((item: { subject: string; keyword: unknown }) => [item.subject, item.keyword]),
    );
    expect(bySubject.get('收藏的词')).toMatchObject({ keyword: '收藏的词', month_cover_count: 4_321, competition: 3 });
    expect(bySubject.get('没有的词')).toBeNull();
    expect((await list('collectVideo', token)).total_record).toBe(0);
  });

  it('tells whether a subject is collected, per user and per type; a visitor is asked to log in', async () => {
    const { token } = await account();
    const other = await account();
    const state = async (type: string, subject: string, as?: string) =>
      get(`${FavouritePath.state}?type=${type}&subject=${encodeURIComponent(subject)}`, as);
    expect((await state('collectRso', '小红书的词', token)).data).toEqual({ collected: false });
    await post(FavouritePath.add, token, { type: 'collectRso', subject: '小红书的词' });
    expect((await state('collectRso', '小红书的词', token)).data).toEqual({ collected: true });
    expect((await state('collectDouyin', '小红书的词', token)).data).toEqual({ collected: false });
    expect((await state('collectRso', '小红书的词', other.token)).data).toEqual({ collected: false });
    expect((await state('collectRso', '小红书的词')).code).toBe(Code.TOKEN_INVALID);
    expect(await state('collectAll', 'x', token)).toMatchObject({ code: Code.BAD_REQUEST, msg: '收藏类型不正确' });
    expect(await state('collectDouyin', '长'.repeat(31), token)).toMatchObject({
      code: Code.BAD_REQUEST,
      msg: '关键词长度不能超过30个字符',
    });
    await post(FavouritePath.remove, token, { type: 'collectRso', subject: '小红书的词' });
    expect((await state('collectRso', '小红书的词', token)).data).toEqual({ collected: false });
  });

  it('refuses an unknown video or creator, a bad type, a missing subject and a too long keyword', async () => {
    const { token } = await account();
    expect(await post(FavouritePath.add, token, { type: 'collectVideo', subject: '404404' })).toMatchObject({
      code: Code.NOT_FOUND,
      msg: videoMessages.videoNotFound,
    });
    expect(await post(FavouritePath.add, token, { type: 'collectUser', subject: 'nobody' })).toMatchObject({
      code: Code.NOT_FOUND,
      msg: videoMessages.creatorNotFound,
    });
    expect(await post(FavouritePath.add, token, { type: 'collectAll', subject: 'x' })).toMatchObject({
      code: Code.BAD_REQUEST,
      msg: '收藏类型不正确',
    });
    expect(await post(FavouritePath.add, token, { type: 'collectVideo', subject: '' })).toMatchObject({
      code: Code.BAD_REQUEST,
      msg: videoMessages.linkMissing,
    });
    expect(await post(FavouritePath.add, token, { type: 'collectDouyin', subject: '长'.repeat(31) })).toMatchObject({
      code: Code.BAD_REQUEST,
      msg: '关键词长度不能超过30个字符',
    });
  });

  it('refuses a new favourite past the limit per type with 收藏数量已达上限, but not one already collected', async () => {
    const { id, token } = await account();
    const keys = Array.from({ length: videoLimits.favouritesPerType }, (_, i) => `词${i}`);
    await db()
      .insert(favourites)
      .values(keys.map((subjectKey) => ({ userId: id, kind: 'keyword' as const, platform: 'DSO', subjectKey })));
    expect(await post(FavouritePath.add, token, { type: 'collectDouyin', subject: '再一个' })).toMatchObject({
      code: Code.TOAST,
      msg: videoMessages.favouriteLimit,
    });
    expect((await post(FavouritePath.add, token, { type: 'collectDouyin', subject: '词1' })).code).toBe(Code.OK);
    const page = await list('collectDouyin', token, '&page_no=2&page_size=50');
    expect(page.total_record).toBe(videoLimits.favouritesPerType);
    expect(page.result).toHaveLength(50);
  });
});
