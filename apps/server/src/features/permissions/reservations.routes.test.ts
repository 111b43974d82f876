import {
  Code,
  CopywriterPath,
  IMAGE_TEXT_ALIAS,
  ImageTextPath,
  KeywordPickPath,
  PermissionPath,
  type UsageLog,
  WritingPath,
  type WritingTemplateGroups,
} from '@dso/contract';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { usageLedger } from '../../db/schema/accounts';
import { jobs } from '../../db/schema/jobs';
import { keywordRelations, keywords } from '../../db/schema/keywords';
import { type LlmChatRequest, LlmError, type LlmProvider } from '../../providers/llm/index';
import { createUser, eventsOf, loginAs, postOverSocket } from '../../testing';
import { useTestApp } from '../../testing/route-suite';
import { JobWorker } from '../jobs';
import { upsertKeywords } from '../keywords';
import { keywordInput } from '../keywords/keyword.fixtures';
import {
  consumePermission,
  getPermissionUse,
  giveBackLapsedHolds,
  giveBackReservation,
  holdPermission,
  LAPSED_HOLDS_JOB,
  lapsedHoldsJobHandlers,
  REQUEST_HOLD_LAPSE_MS,
  reservePermission,
  scheduleLapsedHoldsRound,
  settleReservation,
} from './index';
import { permissionConfig } from './permission-config';

/**
 * The quota of every streamed AI call is reserved before the model is asked (docs/permissions.md, the
 * usage ledger): concurrent calls past the quota are refused, not served; a failed call gives its unit
 * back; every unit taken or given back is a ledger row.
 */

const CONCURRENT = 100;
const freeValue = (alias: string) => permissionConfig.find((definition) => definition.alias === alias)!.values.FREE!;

/** A model that takes a moment before its first piece (so concurrent calls overlap) and counts its calls. */
function countingLlm() {
  const state = { calls: 0, mode: 'ok' as 'ok' | 'fail-first' | 'fail-mid' | 'endless' };
  const provider: LlmProvider = {
    name: 'counting',
    isSandbox: false,
    async *streamChat(request: LlmChatRequest) {
      state.calls++;
      await new Promise((resolve) => setTimeout(resolve, 15));
      if (state.mode === 'fail-first') throw new LlmError('unavailable', 'down');
      if (state.mode === 'endless') {
        // Nothing arrives until the caller gives up.
        if (!request.signal?.aborted) {
          await new Promise((resolve) => request.signal?.addEventListener('abort', resolve, { once: true }));
        }
        throw new LlmError('aborted', 'stopped');
      }
      yield '# 标题\n第一段。';
      if (state.mode === 'fail-mid') throw new LlmError('unavailable', 'cut');
      yield '第二段。';
    },
  };
  return { state, provider };
}

describe('quota reservations of the AI calls', () => {
  const llm = countingLlm();
  let templateId: number;
  const t = useTestApp({ providers: { llm: llm.provider } }, async () => {
    await upsertKeywords(db(), [keywordInput('露营装备', 5000), keywordInput('露营装备清单', 48_000)]);
    await db()
      .update(keywords)
      .set({ isBlueOcean: true, competition: 1, relatedWorkCount: 900 })
      .where(eq(keywords.keyword, '露营装备清单'));
    const [camping] = await db().select().from(keywords).where(eq(keywords.keyword, '露营装备'));
    await db()
      .insert(keywordRelations)
      .values([{ keywordId: camping!.id, relation: 'correlation', relatedKeyword: '露营装备清单', score: 90 }]);
    const groups: WritingTemplateGroups = (await t.request({ method: 'GET', url: WritingPath.templates })).json().data;
    templateId = groups.短视频脚本!.find((template) => template.title === '口播短视频脚本')!.id;
  });
  const { db } = t;
  beforeEach(() => {
    llm.state.calls = 0;
    llm.state.mode = 'ok';
  });

  async function freeMember() {
    const user = await createUser(db(), { grade: 'FREE' });
    return { user, token: await loginAs(db(), user.id) };
  }
  const ledgerOf = (userId: number) => db().select().from(usageLedger).where(eq(usageLedger.userId, userId));

  const streamed = [
    {
      name: 'AI 创作',
      alias: 'AI_WRITING_COUNT_DAY',
      url: WritingPath.generate,
      body: () => ({ template_id: templateId, fields: { keyword: '露营装备', point: '入门三样东西就够' } }),
    },
    {
      name: 'AI 创作 regenerated',
      alias: 'AI_REWRITING_COUNT_DAY',
      url: WritingPath.generate,
      body: () => ({ template_id: templateId, fields: { keyword: '露营装备', point: '入门三样东西就够' }, attempt: 1 }),
    },
    {
      name: 'AI 选词',
      alias: 'AI_WRITING_COUNT_DAY',
      url: KeywordPickPath.pick,
      body: () => ({ keyword: '露营' }),
    },
    {
      name: 'AI 文案',
      alias: 'AI_WRITING_COUNT_DAY',
      url: CopywriterPath.generate,
      body: () => ({ keyword: '露营装备' }),
    },
  ];

  for (const feature of streamed) {
    it(`answers exactly the daily quota of ${CONCURRENT} concurrent ${feature.name} calls and asks the model no more`, async () => {
      const { user, token } = await freeMember();
      const quota = freeValue(feature.alias);
      const answers = await Promise.all(
        Array.from({ length: CONCURRENT }, () =>
          t.request({ method: 'POST', url: feature.url, body: feature.body(), token }),
        ),
      );
      const done = answers.filter((answer) => eventsOf(answer.payload).at(-1)?.event === 'done');
      const refused = answers.filter((answer) => !answer.payload.startsWith('event:'));
      expect(done).toHaveLength(quota);
      expect(refused).toHaveLength(CONCURRENT - quota);
      for (const answer of refused) expect(answer.json().code).toBe(Code.NEEDS_UPGRADE);
      expect(llm.state.calls).toBe(quota);
      expect((await getPermissionUse(db(), user.id, feature.alias)).use_val).toBe(quota);
      const rows = await ledgerOf(user.id);
      expect(rows.map((row) => [row.alias, row.amount, row.state])).toEqual(
        Array.from({ length: quota }, () => [feature.alias, 1, 'settled']),
      );
      expect(rows.every((row) => row.reason.length > 0 && row.requestId)).toBe(true);
    });
  }

  it('gives the unit back when the model fails before or after its first piece, with a row for each', async () => {
    const { user, token } = await freeMember();
    llm.state.mode = 'fail-first';
    const first = await t.request({ method: 'POST', url: KeywordPickPath.pick, body: { keyword: '露营' }, token });
    expect(first.json().code).toBe(Code.TOAST);
    llm.state.mode = 'fail-mid';
    const mid = await t.request({ method: 'POST', url: KeywordPickPath.pick, body: { keyword: '露营' }, token });
    expect(eventsOf(mid.payload).at(-1)?.event).toBe('error');
    await expect.poll(async () => (await ledgerOf(user.id)).filter((row) => row.state === 'returned').length).toBe(2);
    expect((await getPermissionUse(db(), user.id, 'AI_WRITING_COUNT_DAY')).use_val).toBe(0);
    const rows = await ledgerOf(user.id);
    expect(rows.map((row) => row.amount).sort()).toEqual([-1, -1, 1, 1]);
    const charges = rows.filter((row) => row.amount > 0);
    for (const back of rows.filter((row) => row.amount < 0)) {
      expect(charges.map((row) => row.id)).toContain(back.returnsId);
    }
  });

  it('gives the unit back when the browser leaves before any text arrives', async () => {
    const { user, token } = await freeMember();
    llm.state.mode = 'endless';
    const call = await postOverSocket(t.app, { url: KeywordPickPath.pick, body: { keyword: '露营' }, token });
    await expect.poll(() => llm.state.calls).toBe(1);
    expect((await getPermissionUse(db(), user.id, 'AI_WRITING_COUNT_DAY')).use_val).toBe(1);
    call.destroy();
    await expect
      .poll(async () => (await getPermissionUse(db(), user.id, 'AI_WRITING_COUNT_DAY')).use_val, { timeout: 5_000 })
      .toBe(0);
    expect((await ledgerOf(user.id)).map((row) => [row.amount, row.state]).sort()).toEqual([
      [-1, 'settled'],
      [1, 'returned'],
    ]);
  });

  describe('an AI call the load balancer retried after its instance died', () => {
    const alias = 'AI_WRITING_COUNT_DAY';
    /** The call as HAProxy forwards it: its own X-Request-ID and the client's address, from the trusted proxy. */
    const viaBalancer = (token: string, requestId: string) =>
      t.request({
        method: 'POST',
        url: KeywordPickPath.pick,
        body: { keyword: '露营' },
        token,
        headers: { 'x-request-id': requestId, 'x-forwarded-for': '203.0.113.7' },
      });
    const rowsOf = async (userId: number) =>
      (await ledgerOf(userId)).map((row) => [row.requestId, row.amount, row.state]).sort();

    it('takes over the reservation the dead instance held: one unit, settled by the retry', async () => {
      const { user, token } = await freeMember();
      // What the dead instance left: the unit reserved under the balancer's id, the model never finished.
      await holdPermission(db(), { userId: user.id, alias, reason: '露营', requestId: 'lb-ai-held' });
      const retried = await viaBalancer(token, 'lb-ai-held');
      expect(eventsOf(retried.payload).at(-1)?.event).toBe('done');
      expect((await getPermissionUse(db(), user.id, alias)).use_val).toBe(1);
      expect(await rowsOf(user.id)).toEqual([['lb-ai-held', 1, 'settled']]);
      // Another request is another call, charged.
      expect(eventsOf((await viaBalancer(token, 'lb-ai-next')).payload).at(-1)?.event).toBe('done');
      expect((await getPermissionUse(db(), user.id, alias)).use_val).toBe(2);
    });

    it('charges nothing more when the dead instance had settled it, and reserves anew after a give-back', async () => {
      const { user, token } = await freeMember();
      const settled = await holdPermission(db(), { userId: user.id, alias, reason: '露营', requestId: 'lb-ai-done' });
      await settled.settle();
      expect(eventsOf((await viaBalancer(token, 'lb-ai-done')).payload).at(-1)?.event).toBe('done');
      expect(await rowsOf(user.id)).toEqual([['lb-ai-done', 1, 'settled']]);

      const failed = await holdPermission(db(), { userId: user.id, alias, reason: '露营', requestId: 'lb-ai-failed' });
      await failed.giveBack();
      expect(eventsOf((await viaBalancer(token, 'lb-ai-failed')).payload).at(-1)?.event).toBe('done');
      expect((await getPermissionUse(db(), user.id, alias)).use_val).toBe(2);
      expect(await rowsOf(user.id)).toEqual([
        ['lb-ai-done', 1, 'settled'],
        ['lb-ai-failed', -1, 'settled'],
        ['lb-ai-failed', 1, 'returned'],
        ['lb-ai-failed', 1, 'settled'],
      ]);
    });

    it('counts a client’s own X-Request-ID for nothing: a direct call with a held id reserves its own unit', async () => {
      const { user, token } = await freeMember();
      await holdPermission(db(), { userId: user.id, alias, reason: '露营', requestId: 'chosen-by-client' });
      const direct = await t.request({
        method: 'POST',
        url: KeywordPickPath.pick,
        body: { keyword: '露营' },
        token,
        headers: { 'x-request-id': 'chosen-by-client' },
      });
      expect(eventsOf(direct.payload).at(-1)?.event).toBe('done');
      expect((await getPermissionUse(db(), user.id, alias)).use_val).toBe(2);
    });
  });
});

describe('AI 图文 over its quota', () => {
  const llm = countingLlm();
  const t = useTestApp({ providers: { llm: llm.provider } });
  const { db } = t;

  it(`refuses past the quota before any model is asked, of ${CONCURRENT} concurrent single works`, async () => {
    const user = await createUser(db(), { grade: 'FREE' });
    const token = await loginAs(db(), user.id);
    const quota = freeValue(IMAGE_TEXT_ALIAS);
    const answers = await Promise.all(
      Array.from({ length: CONCURRENT }, () =>
        t.request({ method: 'POST', url: ImageTextPath.generate, body: { keyword: '露营装备' }, token }),
      ),
    );
    expect(answers.filter((answer) => answer.payload.startsWith('event:'))).toHaveLength(quota);
    expect(llm.state.calls).toBe(quota);
    expect((await getPermissionUse(db(), user.id, IMAGE_TEXT_ALIAS)).use_val).toBe(quota);
  });

  it('refuses a batch past the quota whole, and holds a unit per keyword of one that fits', async () => {
    const user = await createUser(db(), { grade: 'FREE' });
    const token = await loginAs(db(), user.id);
    const quota = freeValue(IMAGE_TEXT_ALIAS);
    const batch = (words: string[]) =>
      t.request({ method: 'POST', url: ImageTextPath.batch, body: { keywords: words }, token }).then((r) => r.json());
    const first = await batch(['露营', '徒步', '钓鱼']);
    expect(first.code).toBe(Code.OK);
    const over = await batch(Array.from({ length: quota - 2 }, (_, index) => `词${index}`));
    expect(over.code).toBe(Code.NEEDS_UPGRADE);
    expect((await getPermissionUse(db(), user.id, IMAGE_TEXT_ALIAS)).use_val).toBe(3);
    const rows = await db().select().from(usageLedger).where(eq(usageLedger.userId, user.id));
    expect(rows.map((row) => [row.reason, row.amount, row.state]).sort()).toEqual([
      ['徒步', 1, 'reserved'],
      ['钓鱼', 1, 'reserved'],
      ['露营', 1, 'reserved'],
    ]);
  });
});

describe('reservations and the usage log', () => {
  const t = useTestApp();
  const { db } = t;

  it('gives back a reservation a request left held once it lapses, and never a job’s or a settled one', async () => {
    const user = await createUser(db(), { grade: 'FREE' });
    const alias = 'AI_WRITING_COUNT_DAY';
    const now = new Date();
    // A request whose instance died mid-work: neither settled nor given back.
    const orphan = await holdPermission(db(), { userId: user.id, alias, reason: '口播', now });
    const done = await holdPermission(db(), { userId: user.id, alias, reason: '标题', now });
    await done.settle();
    // A job's reservation: its job settles or gives it back, however long it runs.
    const jobs = await reservePermission(db(), { userId: user.id, alias, reason: '图文', now });
    expect((await getPermissionUse(db(), user.id, alias)).use_val).toBe(3);

    const minutes = (count: number) => new Date(now.getTime() + count * 60_000);
    expect(await giveBackLapsedHolds(db(), minutes(29))).toBe(0);
    expect(await giveBackLapsedHolds(db(), minutes(REQUEST_HOLD_LAPSE_MS / 60_000))).toBe(1);
    expect(await giveBackLapsedHolds(db(), minutes(24 * 60))).toBe(0);
    expect((await getPermissionUse(db(), user.id, alias)).use_val).toBe(2);
    const rows = await db().select().from(usageLedger).where(eq(usageLedger.userId, user.id));
    const stateOf = (id: number) => rows.find((row) => row.id === id)?.state;
    expect([stateOf(orphan.reservation.id), stateOf(done.reservation.id), stateOf(jobs.id)]).toEqual([
      'returned',
      'settled',
      'reserved',
    ]);
    expect(rows.find((row) => row.returnsId === orphan.reservation.id)).toMatchObject({ amount: -1, reason: '口播' });
  });

  it('runs the give-back as upkeep that queues its next round', async () => {
    const user = await createUser(db(), { grade: 'FREE' });
    const alias = 'AI_WRITING_COUNT_DAY';
    await holdPermission(db(), { userId: user.id, alias, now: new Date(Date.now() - 31 * 60_000) });
    await scheduleLapsedHoldsRound(db());
    await scheduleLapsedHoldsRound(db());
    const worker = new JobWorker(db(), lapsedHoldsJobHandlers, { workerId: 'upkeep' });
    expect(await worker.runOnce()).toBe(true);
    expect((await getPermissionUse(db(), user.id, alias)).use_val).toBe(0);
    const queued = await db().select().from(jobs).where(eq(jobs.kind, LAPSED_HOLDS_JOB));
    expect(queued.map((job) => job.status)).toEqual(expect.arrayContaining(['queued']));
    expect(queued.filter((job) => job.status === 'queued')).toHaveLength(1);
    expect(queued.find((job) => job.status === 'queued')!.runAfter.getTime()).toBeGreaterThan(Date.now() + 4 * 60_000);
  });

  it('gives a reservation back once, to the counters it came from, under concurrent give-backs', async () => {
    const user = await createUser(db(), { grade: 'FREE' });
    const alias = 'AI_WRITING_COUNT_DAY';
    const held = await reservePermission(db(), { userId: user.id, alias, amount: 2, reason: '爆款标题' });
    expect(held.use.use_val).toBe(2);
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => giveBackReservation(db(), held.id)));
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect((await getPermissionUse(db(), user.id, alias)).use_val).toBe(0);
    // Settling after the give-back changes nothing.
    await settleReservation(db(), held.id);
    const rows = await db().select().from(usageLedger).where(eq(usageLedger.userId, user.id));
    expect(rows.map((row) => [row.amount, row.state]).sort()).toEqual([
      [-2, 'settled'],
      [2, 'returned'],
    ]);
  });

  it('shows today’s use per permission with the entries behind it, charges and give-backs', async () => {
    const user = await createUser(db(), { grade: 'FREE' });
    const token = await loginAs(db(), user.id);
    await consumePermission(db(), { userId: user.id, alias: 'KEYWORD_LIBRARY_SEARCH_COUNT_DAY', reason: '露营装备' });
    const held = await reservePermission(db(), { userId: user.id, alias: 'AI_WRITING_COUNT_DAY', reason: '口播' });
    await giveBackReservation(db(), held.id);

    const log: UsageLog = (await t.request({ method: 'GET', url: PermissionPath.usageLog, token })).json().data;
    const search = log.permissions.find((permission) => permission.alias === 'KEYWORD_LIBRARY_SEARCH_COUNT_DAY')!;
    expect(search).toMatchObject({ per_val: 10, use_val: 1, day_used: 1 });
    expect(search.entries).toMatchObject([{ amount: 1, reason: '露营装备', state: 'settled', by_child: false }]);
    const writing = log.permissions.find((permission) => permission.alias === 'AI_WRITING_COUNT_DAY')!;
    expect(writing).toMatchObject({ use_val: 0, day_used: 0 });
    expect(writing.entries.map((entry) => [entry.amount, entry.state])).toEqual([
      [-1, 'settled'],
      [1, 'returned'],
    ]);
    // Another day has none of it; an impossible day is refused.
    const other = await t.request({ method: 'GET', url: `${PermissionPath.usageLog}?day=2026-01-01`, token });
    expect((other.json().data as UsageLog).permissions.flatMap((permission) => permission.entries)).toEqual([]);
    const bad = await t.request({ method: 'GET', url: `${PermissionPath.usageLog}?day=2026-02-30`, token });
    expect(bad.json().code).toBe(Code.BAD_REQUEST);
    expect((await t.request({ method: 'GET', url: PermissionPath.usageLog })).json().code).toBe(Code.TOKEN_INVALID);
  });
});
