import { describe, expect, it } from 'vitest';
import { checkFollowerRow } from './kinds/follower-history.import';
import { checkLiveMinuteRow, checkLiveSessionRow } from './kinds/live-sessions.import';
import { checkPortraitRow } from './kinds/portraits.import';
import { checkTopicRow, checkTopicVideoRow } from './kinds/topics.import';
import { checkTrendRow } from './kinds/trends.import';
import { type RawVideoRow, videoImportColumns, videoImportKinds } from './video-import';

const row = (values: Record<string, unknown>, number = 2): RawVideoRow => ({ row: number, values });
const errorsOf = (checked: { errors: Array<{ column: string | null; message: string }> }) =>
  checked.errors.map((error) => `${error.column}:${error.message}`);

describe('video-data file checks', () => {
  it('lists every kind with its columns, creators first and topic works last', () => {
    expect(videoImportKinds[0]).toBe('creators');
    expect(videoImportKinds.at(-1)).toBe('topic_videos');
    for (const kind of videoImportKinds) expect(videoImportColumns[kind].some((column) => column.required)).toBe(true);
  });

  it('reads a trend point with optional figures left unobserved', () => {
    expect(checkTrendRow(row({ aweme_id: '75001', time: '1763600000', good_count: '120' }))).toEqual({
      input: {
        awemeId: '75001',
        time: new Date(1_763_600_000_000),
        goodCount: 120,
        commentCount: null,
        shareCount: null,
        collectCount: null,
      },
      errors: [],
    });
    expect(errorsOf(checkTrendRow(row({ aweme_id: '75001', time: '昨天', good_count: -1, share_count: 'x' })))).toEqual(
      [
        'time:统计时间应为 Unix 秒数或带时区的 ISO 8601 时间',
        'good_count:点赞数必须是非负整数',
        'share_count:分享数必须是非负整数',
      ],
    );
  });

  it('reads a follower day and refuses a day that does not exist', () => {
    expect(checkFollowerRow(row({ user_id: 'u1', day: '2026-11-20', follower_count: 5200 })).input).toEqual({
      userId: 'u1',
      day: '2026-11-20',
      followerCount: 5200,
    });
    expect(errorsOf(checkFollowerRow(row({ user_id: '', day: '2026-02-30', follower_count: '' })))).toEqual([
      'user_id:达人ID不能为空',
      'day:日期格式应为 YYYY-MM-DD',
      'follower_count:粉丝数不能为空',
    ]);
  });

  it('reads a portrait share as a fraction or a percentage, in English or Chinese words', () => {
    expect(
      checkPortraitRow(
        row({ subject_type: '达人', subject_id: 'u1', dimension: '城市等级', label: '新一线', share: '35.5%' }),
      ).input,
    ).toEqual({
      subjectType: 'creator',
      subjectId: 'u1',
      dimension: 'city_level',
      label: '新一线',
      share: 0.355,
      asOf: null,
    });
    expect(
      checkPortraitRow(
        row({
          subject_type: 'Video',
          subject_id: '75001',
          dimension: 'GENDER',
          label: '女',
          share: 0.6,
          as_of: '2026-11-20',
        }),
      ).input,
    ).toMatchObject({ subjectType: 'video', dimension: 'gender', share: 0.6, asOf: '2026-11-20' });
    expect(
      errorsOf(
        checkPortraitRow(row({ subject_type: 'shop', subject_id: 'x', dimension: '星座', label: '', share: 1.2 })),
      ),
    ).toEqual([
      'subject_type:画像对象应为 video（视频）或 creator（达人）',
      'dimension:维度应为 gender、age、province、city、city_level、device 或 interest',
      'label:标签不能为空',
      'share:占比应为 0–1 的小数或百分数（如 35.2%）',
    ]);
    expect(
      errorsOf(
        checkPortraitRow(
          row({ subject_type: 'video', subject_id: 'x', dimension: 'age', label: '18-23', share: '120%' }),
        ),
      ),
    ).toEqual(['share:占比应为 0–1 的小数或百分数（如 35.2%）']);
  });

  it('reads a live session head with its goods, and refuses an end before the start', () => {
    const checked = checkLiveSessionRow(
      row({
        room_id: '7300001',
        author_user_id: 'u1',
        title: '秋冬上新',
        start_time: '2026-11-20T20:00:00+08:00',
        end_time: '',
        watch_count: 1000,
        peak_online: 300,
        sales_amount_fen: 990000,
        goods: '[{"title":"羽绒服","price_fen":49900,"sales":20}]',
      }),
    );
    expect(checked.input).toMatchObject({
      roomId: '7300001',
      startTime: new Date('2026-11-20T12:00:00Z'),
      endTime: null,
      goods: [{ title: '羽绒服', price_fen: 49_900, sales: 20, cover: null, product_id: null }],
      isDemo: false,
    });
    expect(
      errorsOf(
        checkLiveSessionRow(
          row({
            room_id: '7300001',
            author_user_id: 'u1',
            start_time: 1763640000,
            end_time: 1763630000,
            watch_count: 1,
            peak_online: 1,
            sales_amount_fen: '9.9',
            goods: '[{"title":"羽绒服","price_fen":499.5,"sales":1}]',
          }),
        ),
      ),
    ).toEqual([
      'end_time:下播时间不能早于开播时间',
      'sales_amount_fen:销售额（分）必须是非负整数',
      'goods:商品应为 JSON 数组：[{"title","price_fen","sales"}]，价格为整数分',
    ]);
  });

  it('reads a live minute with entering and sales defaulting to 0', () => {
    expect(checkLiveMinuteRow(row({ room_id: '7300001', minute: 0, online: 120 })).input).toEqual({
      roomId: '7300001',
      minute: 0,
      online: 120,
      entering: 0,
      salesFen: 0,
    });
    expect(errorsOf(checkLiveMinuteRow(row({ room_id: '7300001', minute: -1, online: '' })))).toEqual([
      'minute:分钟必须是非负整数',
      'online:在线人数不能为空',
    ]);
  });

  it('reads topics and their works by kind, day and name, without the leading #', () => {
    expect(
      checkTopicRow(
        row({ kind: '图文', name: '#秋冬穿搭', day: '2026-11-20', heat: 9000, video_count: 12, growth: '-12.5%' }),
      ).input,
    ).toEqual({
      kind: 'image_text',
      name: '秋冬穿搭',
      day: '2026-11-20',
      heat: 9000,
      videoCount: 12,
      growth: -0.125,
      isDemo: false,
    });
    expect(
      errorsOf(
        checkTopicRow(row({ kind: 'live', name: '露营', day: '20261120', heat: 1, video_count: 1, growth: '快' })),
      ),
    ).toEqual([
      'kind:话题类型应为 video（视频）或 image_text（图文）',
      'day:日期格式应为 YYYY-MM-DD',
      'growth:增长率应为小数（如 0.12）或百分数（如 12%）',
    ]);
    expect(
      checkTopicVideoRow(row({ kind: 'video', name: '露营', day: '2026-11-20', aweme_id: '75001' })).input,
    ).toEqual({
      kind: 'video',
      name: '露营',
      day: '2026-11-20',
      awemeId: '75001',
    });
  });

  it('refuses a NUL character in any cell of the new kinds too', () => {
    expect(
      errorsOf(checkTopicVideoRow(row({ kind: 'video', name: 'a\u0000b', day: '2026-11-20', aweme_id: '1' }))),
    ).toEqual([expect.stringMatching(/^name:/)]);
  });
});
