import {
  Code,
  type ConsoleActionResult,
  type ConsoleMember,
  type ConsoleMemberLink,
  type ConsoleMemberSession,
  consoleMessages,
  type PayGradeCode,
} from '@dso/contract';
import { isValidPhone } from '@dso/domain';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { isUniqueViolation } from '../../../lib/pg-errors';
import { unixSeconds } from '../../../lib/unix-seconds';
import {
  type AccountLink,
  dissolveLinkOf,
  endLiveSessionsOf,
  findAccountIdByPhone,
  findMemberProfile,
  listLinksOfAccount,
  selectUserSessions,
} from '../../account';
import {
  type AgreementContext,
  findOrderOwner,
  grantMembership,
  listMemberOrders,
  unsignEndingAgreements,
} from '../../orders';
import { getEffectiveGrade, listLatestUsage } from '../../permissions';
import { listAuthorizedAccounts } from '../../publishing';
import { type Actor, auditedChange, findAuditId, recordAudit } from '../audit/audit.service';

/**
 * The users page (docs/console.md): find a member, read what the owning features say of them, and the
 * three actions, each with its reason and audit entry in the transaction of the change.
 */

const notFound = () => new AppError(Code.NOT_FOUND, consoleMessages.memberNotFound);
const subjectOf = (userId: number) => `user:${userId}`;

/** The member a search means: a phone, an order number, or a user id, tried in that order. */
export async function findMember(db: Database, query: string): Promise<{ user_id: number }> {
  const text = query.trim();
  if (isValidPhone(text)) {
    const id = await findAccountIdByPhone(db, text);
    if (id !== null) return { user_id: id };
  }
  const owner = await findOrderOwner(db, text);
  if (owner !== null) return { user_id: owner };
  if (/^\d{1,15}$/.test(text) && (await findMemberProfile(db, Number(text)))) return { user_id: Number(text) };
  throw notFound();
}

type SessionRow = Awaited<ReturnType<typeof selectUserSessions>>[number];

function toSession(row: SessionRow): ConsoleMemberSession {
  return {
    id: row.id,
    ip: row.ip,
    user_agent: row.userAgent,
    create_time: unixSeconds(row.createdAt),
    last_seen_time: unixSeconds(row.lastSeenAt),
    expire_time: unixSeconds(row.expiresAt),
    end_time: unixSeconds(row.endedAt),
    end_reason: row.endReason,
  };
}

function toLink(link: AccountLink, userId: number): ConsoleMemberLink {
  return {
    id: link.id,
    role: link.parentUserId === userId ? 'parent' : 'child',
    parent_user_id: link.parentUserId,
    parent_phone: link.parentPhone,
    child_user_id: link.childUserId,
    child_phone: link.childPhone,
    status: link.status as ConsoleMemberLink['status'],
    create_time: unixSeconds(link.createdAt),
    end_time: unixSeconds(link.endedAt),
  };
}

/** Everything the users page shows of a member; 404 未找到该用户 for no such account. */
export async function readMember(db: Database, userId: number, now: Date): Promise<ConsoleMember> {
  const profile = await findMemberProfile(db, userId);
  if (!profile) throw notFound();
  const [effective, orders, usage, sessions, links, platform] = await Promise.all([
    getEffectiveGrade(db, userId, now),
    listMemberOrders(db, userId, 1, 50),
    listLatestUsage(db, userId, 100),
    selectUserSessions(db, userId, 50),
    listLinksOfAccount(db, userId),
    listAuthorizedAccounts(db, userId, now),
  ]);
  return {
    id: profile.id,
    phone: profile.phone,
    nickname: profile.nickname,
    register_time: unixSeconds(profile.createdAt),
    own_grade: profile.grade,
    own_grade_end_time: unixSeconds(profile.gradeEndsAt),
    grade: effective.grade,
    grade_end_time: unixSeconds(effective.endsAt),
    parent_phone: effective.parent?.phone ?? null,
    orders: orders.list,
    orders_total: orders.total,
    usage: usage.map((entry) => ({
      id: entry.id,
      alias: entry.alias,
      name: entry.name,
      amount: entry.amount,
      reason: entry.reason,
      state: entry.state,
      by_user_id: entry.userId === userId ? null : entry.userId,
      time: unixSeconds(entry.createdAt),
    })),
    sessions: sessions.map(toSession),
    links: links.map((link) => toLink(link, userId)),
    platform_accounts: platform.list,
  };
}

async function requireMember(db: Database, userId: number) {
  const profile = await findMemberProfile(db, userId);
  if (!profile) throw notFound();
  return profile;
}

/** A grant as the users page asks for it. */
interface GrantRequest {
  /** The dialog's request id: one id grants once (the grant's source, unique in the database). */
  requestId: string;
  userId: number;
  grade: PayGradeCode;
  days: number;
  reason: string;
  now: Date;
}

/**
 * Grants a paid grade for `days`, through the membership grants of the orders feature: the same grade
 * running is extended from its end, another grade ends now and the new one starts (as a card would).
 * The grant is worth nothing in a later upgrade (value 0): nobody paid for it.
 * Another grade also ends the member's 连续包月 in the grant's transaction; once that has committed,
 * the agreement is unsigned at the vendor, or the vendor would go on charging for the replaced grade.
 * Only agreements still waiting to be unsigned are sent, so a retried request unsigns nothing twice,
 * and one the vendor refuses now is left to the orders' maintenance job.
 * The request id is the grant's source (`console:<id>`): a retried or concurrent duplicate of a request
 * waits on the member's lock, finds the grant made and answers its audit entry without granting again;
 * the same id sent for another member, grade or number of days is refused. Sent for two members at once,
 * the two hold different locks; the grant source's unique key makes the second lose, refused the same way.
 */
export async function grantGrade(
  context: AgreementContext,
  actor: Actor,
  options: GrantRequest,
): Promise<ConsoleActionResult> {
  const result = await recordGrant(context.db, actor, options).catch((error: unknown) => {
    if (isUniqueViolation(error)) throw AppError.toast(consoleMessages.requestIdReused);
    throw error;
  });
  await unsignEndingAgreements(context, options.userId);
  return result;
}

/** The grant and its audit entry, in one transaction. */
async function recordGrant(db: Database, actor: Actor, options: GrantRequest): Promise<ConsoleActionResult> {
  const { userId, now } = options;
  return db.transaction(async (tx) => {
    const before = await requireMember(tx, userId);
    const source = `console:${options.requestId}`;
    const period = await grantMembership(tx, {
      userId,
      grade: options.grade,
      days: options.days,
      valueFen: 0,
      source,
      now,
    });
    if (!period.created) return repeatedGrant(tx, options, source);
    const after = await requireMember(tx, userId);
    const auditId = await recordAudit(tx, {
      actor,
      action: 'member.grant',
      subject: subjectOf(userId),
      before: { grade: before.grade, grade_ends_at: before.gradeEndsAt?.toISOString() ?? null },
      after: {
        grade: after.grade,
        grade_ends_at: after.gradeEndsAt?.toISOString() ?? null,
        granted: { grade: options.grade, days: options.days, starts_at: period.startsAt.toISOString(), source },
      },
      reason: options.reason,
    });
    return { changed: 1, audit_id: auditId };
  });
}

/** The answer of a request id already granted: the first grant's, when this request asks the same. */
async function repeatedGrant(tx: Database, options: GrantRequest, source: string): Promise<ConsoleActionResult> {
  const auditId = await findAuditId(tx, {
    action: 'member.grant',
    subject: subjectOf(options.userId),
    after: { granted: { source, grade: options.grade, days: options.days } },
  });
  if (auditId === null) throw AppError.toast(consoleMessages.requestIdReused);
  return { changed: 1, audit_id: auditId };
}

/**
 * Ends one live session of the member (`sessionId`) or every one; the member's next call answers 800.
 * 404 for no such member, 300 when there is no such live session of theirs.
 */
export async function endMemberSessions(
  db: Database,
  actor: Actor,
  options: { userId: number; sessionId: number | null; reason: string },
): Promise<ConsoleActionResult> {
  const { userId, sessionId } = options;
  const action = sessionId === null ? 'member.end_sessions' : 'member.end_session';
  const done = await auditedChange(db, { actor, reason: options.reason, action }, async (tx) => {
    await requireMember(tx, userId);
    const ended = await endLiveSessionsOf(tx, userId, sessionId, 'console');
    if (ended.length === 0) throw AppError.toast(consoleMessages.sessionNotFound);
    return {
      subject: subjectOf(userId),
      before: {
        live_sessions: ended.map((row) => ({ id: row.id, ip: row.ip, created_at: row.createdAt.toISOString() })),
      },
      after: { ended_session_ids: ended.map((row) => row.id), end_reason: 'console' },
      answer: ended.length,
    };
  });
  return { changed: done.answer, audit_id: done.auditId };
}

/** Ends a child-account link the member is in (either side); 300 when it is not theirs or already ended. */
export async function dissolveMemberLink(
  db: Database,
  actor: Actor,
  options: { userId: number; linkId: number; reason: string; now: Date },
): Promise<ConsoleActionResult> {
  const { userId } = options;
  const done = await auditedChange(
    db,
    { actor, reason: options.reason, action: 'member.dissolve_link' },
    async (tx) => {
      await requireMember(tx, userId);
      const change = await dissolveLinkOf(tx, { userId, linkId: options.linkId, now: options.now });
      if (!change) throw AppError.toast(consoleMessages.linkNotFound);
      return {
        subject: subjectOf(userId),
        before: toLink(change.before, userId),
        after: toLink(change.after, userId),
        answer: 1,
      };
    },
  );
  return { changed: done.answer, audit_id: done.auditId };
}
