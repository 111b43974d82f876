import { Code, CreatorPath, VideoPath, videoAdminImportReportPath, videoImportReportSchema } from '@dso/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client';
import { allJobHandlers } from '../../../job-handlers';
import { createUser, loginAs, multipartForm } from '../../../testing';
import { useTestApp } from '../../../testing/route-suite';
import { JobWorker } from '../../jobs';

const CREATOR = 'MS4wLjABAAAAadmin1';
const creatorsCsv = [
  'user_id,nick_name,follower_count,total_favorited,aweme_count,as_of',
  `${CREATOR},露营的小周,88000,300000,12,2026-11-20`,
  ',没有ID,1,1,1,2026-11-20',
].join('\n');

describe('the video-data admin upload', () => {
  const t = useTestApp();

  const upload = (token: string | undefined, name: string, content: Buffer, fields: Record<string, string> = {}) =>
    t.request({
      method: 'POST',
      url: VideoPath.adminImport,
      ...multipartForm({ name, content }, fields),
      ...(token ? { token } : {}),
    });
  const adminToken = async () => {
    const user = await createUser(t.database.db, { grade: 'FREE' });
    await t.database.db.execute(sql`UPDATE users SET role_id = 100 WHERE id = ${user.id}`);
    return loginAs(t.database.db, user.id);
  };
  const report = async (id: number, token: string) =>
    (await t.request({ method: 'GET', url: videoAdminImportReportPath(id), token })).json();
  const drain = () => new JobWorker(t.database.db, allJobHandlers(), { backoffMs: () => 0 }).drain();

  it('refuses a visitor with 800 and a user who is not an admin with 403', async () => {
    expect((await upload(undefined, 'c.csv', Buffer.from(creatorsCsv), { kind: 'creators' })).json().code).toBe(
      Code.TOKEN_INVALID,
    );
    const user = await createUser(t.database.db, { grade: 'EVIP' });
    const token = await loginAs(t.database.db, user.id);
    const response = await upload(token, 'c.csv', Buffer.from(creatorsCsv), { kind: 'creators' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: Code.FORBIDDEN, msg: '无权限访问' });
    expect((await report(1, token)).code).toBe(Code.FORBIDDEN);
  });

  it('queues an upload of one kind, runs it in the worker and reports it; the rows show in the library', async () => {
    const token = await adminToken();
    const queued = (await upload(token, '达人.csv', Buffer.from(creatorsCsv), { kind: 'creators' })).json();
    expect(videoImportReportSchema.parse(queued.data)).toMatchObject({
      status: 'queued',
      kind: 'creators',
      source: '达人.csv',
      format: 'csv',
    });
    expect(await drain()).toBe(1);
    const done = await report(queued.data.id, token);
    expect(videoImportReportSchema.parse(done.data)).toMatchObject({
      status: 'done',
      total_rows: 2,
      inserted_rows: 1,
      updated_rows: 0,
      error_rows: 1,
      errors: [{ row: 3, column: 'user_id', message: '达人ID不能为空' }],
      failure: null,
    });
    expect(done.data.finished_at).not.toBeNull();
    const [stored] = await queryRows<{ file: unknown }>(
      t.database.db,
      sql`SELECT file FROM video_imports WHERE id = ${queued.data.id}`,
    );
    expect(stored!.file).toBeNull();
    const profile = (await t.request({ method: 'GET', url: `${CreatorPath.profile}?userId=${CREATOR}` })).json();
    expect(profile.data).toMatchObject({ user_id: CREATOR, nick_name: '露营的小周', total_follower_count: 88_000 });

    // Follower history of that creator, as JSONL named by the format field: the creator's trend shows it.
    const days = [
      { user_id: CREATOR, day: '2026-11-19', follower_count: 87_000 },
      { user_id: CREATOR, day: '2026-11-20', follower_count: 88_000 },
    ];
    const history = (
      await upload(token, 'followers.txt', Buffer.from(days.map((day) => JSON.stringify(day)).join('\n')), {
        kind: 'follower_history',
        format: 'jsonl',
      })
    ).json();
    expect(history.data).toMatchObject({ kind: 'follower_history', format: 'jsonl' });
    await drain();
    expect((await report(history.data.id, token)).data).toMatchObject({ status: 'done', inserted_rows: 2 });
    const trend = (
      await t.request({ method: 'GET', url: `${CreatorPath.followerTrend}?userId=${CREATOR}&days=7`, token })
    ).json();
    expect(trend.data.points.map((point: { follower_count: number }) => point.follower_count)).toEqual([
      87_000, 88_000,
    ]);
  });

  it('asks for a kind, a file and a format it reads', async () => {
    const token = await adminToken();
    expect((await upload(token, 'c.csv', Buffer.from(creatorsCsv))).json()).toMatchObject({
      code: Code.BAD_REQUEST,
      msg: expect.stringContaining('请选择数据类型：creators、follower_history、videos'),
    });
    expect((await upload(token, 'c.csv', Buffer.from(creatorsCsv), { kind: 'shops' })).json().code).toBe(
      Code.BAD_REQUEST,
    );
    expect((await upload(token, 'c.csv', Buffer.alloc(0), { kind: 'creators' })).json()).toMatchObject({
      code: Code.TOAST,
      msg: '请选择要上传的文件',
    });
    expect((await upload(token, 'c.xlsx', Buffer.from('x'), { kind: 'creators' })).json()).toMatchObject({
      code: Code.TOAST,
      msg: '不支持的文件格式，请上传 CSV 或 JSONL 文件',
    });
  });

  it('fails a file without a required column once, with the reason in its report, and 404s an unknown import', async () => {
    const token = await adminToken();
    const queued = (
      await upload(token, 'trends.csv', Buffer.from('aweme_id,good_count\n1,2'), { kind: 'trends' })
    ).json();
    expect(await drain()).toBe(1);
    expect((await report(queued.data.id, token)).data).toMatchObject({
      status: 'failed',
      failure: '缺少必填列：time',
      total_rows: 0,
    });
    const jobs = await queryRows<{ status: string; attempts: number }>(
      t.database.db,
      sql`SELECT status, attempts FROM jobs WHERE kind = 'videos.import' AND (payload->>'importId')::int = ${queued.data.id}`,
    );
    expect(jobs).toEqual([{ status: 'failed', attempts: 1 }]);
    expect(await report(999_999, token)).toMatchObject({ code: Code.NOT_FOUND, msg: '导入记录不存在' });
  });

  it('refuses a file over the upload limit while receiving it', async () => {
    const token = await adminToken();
    const response = await upload(token, 'big.csv', Buffer.alloc(100 * 1024 * 1024 + 1, 'a'), { kind: 'comments' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: Code.TOAST, msg: '上传文件大小不能超过 100MB!' });
  });
});
