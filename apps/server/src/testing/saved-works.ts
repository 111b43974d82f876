import { expect } from 'vitest';
import type { useTestApp } from './route-suite';

/*
 * What AI 文案 and AI 创作 promise alike of the works a user saves (each user's own list, saved by POST,
 * updated by POST with `id`, read and deleted by id), checked once for both. Kept out of `testing/index.ts`
 * because it asserts with vitest.
 */

type RouteCalls = ReturnType<typeof useTestApp>;

export interface WorksPaths {
  works: string;
  workOf: (id: number) => string;
}

/**
 * Saves a work of `body` (its `title` and `content`), updates it, saves a second one, lists, reopens and
 * deletes it, and checks another user can neither read, update nor delete it (404 `notFound`). Answers the
 * work as first saved, the list of both and the work as reopened, for the feature's own checks.
 */
export async function expectWorksKeptPerUser(
  t: RouteCalls,
  paths: WorksPaths,
  body: Record<string, unknown> & { title: string },
  notFound: string,
) {
  const { token } = await t.account();
  const other = await t.account();
  const remove = async (id: number, as: string) =>
    (await t.request({ method: 'DELETE', url: paths.workOf(id), token: as })).json().code;

  const saved = await t.post(paths.works, token, body);
  expect(saved.code).toBe(200);
  const work = saved.data;
  const updated = await t.post(paths.works, token, { ...body, id: work.id, content: '改过的正文' });
  expect(updated.data).toMatchObject({ id: work.id, content: '改过的正文' });
  await t.post(paths.works, token, { ...body, title: '第二篇' });

  const list = (await t.get(`${paths.works}?page_no=1&page_size=10`, token)).data;
  expect(list.total).toBe(2);
  expect(list.list.map((item: { title: string }) => item.title)).toEqual(['第二篇', body.title]);
  expect(list.list[1].excerpt).toBe('改过的正文');
  const opened = (await t.get(paths.workOf(work.id), token)).data;
  expect(opened.content).toBe('改过的正文');

  expect(await t.get(paths.workOf(work.id), other.token)).toMatchObject({ code: 404, msg: notFound });
  expect((await t.post(paths.works, other.token, { ...body, id: work.id })).code).toBe(404);
  expect(await remove(work.id, other.token)).toBe(404);
  expect(await remove(work.id, token)).toBe(200);
  expect((await t.get(paths.works, token)).data.total).toBe(1);
  return { work, list, opened };
}

/** Checks the refusals of a save without a title or content, and of a page over 50, in Chinese. */
export async function expectWorksValidated(t: RouteCalls, paths: WorksPaths, body: Record<string, unknown>) {
  const { token } = await t.account();
  expect(await t.post(paths.works, token, { ...body, title: ' ', content: '正文' })).toMatchObject({
    code: 400,
    msg: '标题不能为空',
  });
  expect(await t.post(paths.works, token, { ...body, title: '标题', content: '' })).toMatchObject({
    code: 400,
    msg: '内容不能为空',
  });
  expect(await t.get(`${paths.works}?page_size=500`, token)).toMatchObject({ code: 400, msg: '每页最多50条' });
  return token;
}
