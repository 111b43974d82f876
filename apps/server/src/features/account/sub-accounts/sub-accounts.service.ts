import {
  Code,
  type PermissionUse,
  type SubAccountInfo,
  type SubAccountInviteInfo,
  type SubAccountItem,
  type SubAccountStatus,
} from '@dso/contract';
import { maskPhone, normalizeGrade } from '@dso/domain';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import {
  checkPermission,
  getEffectiveGrade,
  getPermissionUse,
  ownGrade,
  permissionLacking,
  quotaExhausted,
  resolveGrade,
  SUB_ACCOUNT_COUNT,
} from '../../permissions';
import type { LinkRow } from './sub-accounts.repository';
import * as repository from './sub-accounts.repository';

/** Texts of this feature. */
export const subAccountMessages = {
  childCannotPurchase: '子账号不能购买或续费，请解绑后购买',
  inviteSelf: '不能添加自己为子账号',
  childCannotInvite: '子账号不能添加子账号',
  inviteeIsParent: '该账号已有子账号，不能绑定为子账号',
  inviteeIsMember: '该账号的会员尚未到期，不能绑定为子账号',
  childOfAnother: '该手机号已是其他账号的子账号',
  invitedByAnother: '该手机号已被其他账号邀请',
  linkNotFound: '子账号不存在',
  alreadyBound: '该子账号已绑定，请先解除绑定',
  inviteNotFound: '邀请不存在或已失效',
  acceptAsParent: '您已有子账号，不能绑定为其他账号的子账号',
  acceptAsMember: '您的会员尚未到期，不能绑定为子账号',
  parentLostRight: '主账号会员权益已变更，邀请已失效',
  phoneMismatch: '手机号与当前账号不一致',
} as const;

const seconds = (date: Date | null | undefined) => (date ? Math.floor(date.getTime() / 1000) : null);

/** Whether a user's own purchased grade is still running (a paid member, not counting any parent). */
function hasRunningMembership(user: { grade: string; gradeEndsAt: Date | null }, now: Date) {
  return ownGrade(user, now).grade !== 'FREE';
}

function toItem(link: LinkRow, nickname: string | null, parentEndsAt: Date | null): SubAccountItem {
  const status = link.status as SubAccountStatus;
  const open = status === 'pending' || status === 'active';
  return {
    id: link.id,
    phone: link.childPhone,
    nickname: nickname ?? '',
    status,
    invite_time: seconds(link.createdAt)!,
    bind_time: status === 'active' || status === 'unbound' ? seconds(link.respondedAt) : null,
    un_bind_time: open ? seconds(parentEndsAt) : seconds(link.unBindAt),
  };
}

async function itemOf(db: Database, link: LinkRow, now: Date): Promise<SubAccountItem> {
  const child = link.childUserId === null ? undefined : await repository.findUserById(db, link.childUserId);
  const parent = await getEffectiveGrade(db, link.parentUserId, now);
  return toItem(link, child?.nickname ?? null, parent.endsAt);
}

/**
 * Refuses a purchase or renewal by a child account (001 §5): it holds its parent's rights and must
 * unbind first. Payments call this before creating an order.
 */
export async function assertCanPurchase(db: Database, userId: number) {
  const link = await repository.findActiveLinkOfChild(db, userId);
  if (link) throw AppError.toast(subAccountMessages.childCannotPurchase);
}

/**
 * The checks before a parent takes a seat for a phone, under the phone and parent locks. Returns the
 * parent's existing open link for the phone when there is one (a retried invite), else the
 * invitee's user row (or null when the phone has no account yet).
 */
async function checkInvite(tx: Database, parentUserId: number, phone: string, now: Date) {
  const parent = await repository.findUserById(tx, parentUserId);
  if (!parent) throw new AppError(Code.TOKEN_INVALID, '请先登录');
  if (await repository.findActiveLinkOfChild(tx, parentUserId))
    throw AppError.toast(subAccountMessages.childCannotInvite);
  if (parent.phone === phone) throw AppError.toast(subAccountMessages.inviteSelf);

  const invitee = (await repository.findUserByPhone(tx, phone)) ?? null;
  const open = await repository.selectOpenLinksOf(tx, phone, invitee?.id ?? null);
  const mine = open.find((link) => link.parentUserId === parentUserId);
  if (mine) return { existing: mine, invitee };
  const other = open[0];
  if (other) {
    throw AppError.toast(
      other.status === 'active' ? subAccountMessages.childOfAnother : subAccountMessages.invitedByAnother,
    );
  }
  if (invitee) {
    if ((await repository.countOpenLinksOfParent(tx, invitee.id)) > 0) {
      throw AppError.toast(subAccountMessages.inviteeIsParent);
    }
    if (hasRunningMembership(invitee, now)) throw AppError.toast(subAccountMessages.inviteeIsMember);
  }

  const check = await checkPermission(tx, parentUserId, SUB_ACCOUNT_COUNT, now);
  if (!check.granted) throw permissionLacking(check);
  if ((await repository.countOpenLinksOfParent(tx, parentUserId)) >= check.value!) {
    throw quotaExhausted({ alias: SUB_ACCOUNT_COUNT, kind: 'count', grade: check.grade });
  }
  return { existing: null, invitee };
}

/** Makes a closed link a fresh pending invite; the caller has run {@link checkInvite} under the locks. */
function reopenLink(tx: Database, id: number, invitee: { id: number } | null, now: Date) {
  return repository.updateLink(tx, id, {
    status: 'pending',
    childUserId: invitee?.id ?? null,
    createdAt: now,
    respondedAt: null,
    unBindAt: null,
  });
}

/**
 * A parent invites a phone (`add_info`): a pending link that takes one SUB_ACCOUNT_COUNT seat. A
 * retry for the same phone returns the same link, and the parent's earlier closed link to the phone
 * (refused, withdrawn or ended) is reopened rather than listed twice.
 */
export async function inviteSubAccount(
  db: Database,
  options: { parentUserId: number; phone: string; now?: Date },
): Promise<SubAccountItem> {
  const now = options.now ?? new Date();
  const link = await db.transaction(async (tx) => {
    await repository.lockPhone(tx, options.phone);
    await repository.lockUser(tx, options.parentUserId);
    const { existing, invitee } = await checkInvite(tx, options.parentUserId, options.phone, now);
    if (existing) return existing;
    const closed = await repository.findClosedLinkOfParent(tx, options.parentUserId, options.phone);
    if (closed) return reopenLink(tx, closed.id, invitee, now);
    return repository.insertLink(tx, {
      parentUserId: options.parentUserId,
      childPhone: options.phone,
      childUserId: invitee?.id ?? null,
      now,
    });
  });
  return itemOf(db, link, now);
}

/** Reads a link of the parent's and locks its phone; 404 for anybody else's. */
async function lockOwnLink(tx: Database, parentUserId: number, id: number) {
  const found = await repository.findLink(tx, id);
  if (!found || found.parentUserId !== parentUserId) {
    throw AppError.notFound(subAccountMessages.linkNotFound);
  }
  await repository.lockPhone(tx, found.childPhone);
  return (await repository.findLink(tx, id))!;
}

type LinkChange = { parentUserId: number; id: number; now?: Date };

/**
 * Runs one change of a parent's own link: in a transaction, with the link read and its phone locked
 * (404 for anybody else's link); answers the link as the list shows it afterwards.
 */
async function changeOwnLink(
  db: Database,
  options: LinkChange,
  change: (tx: Database, current: LinkRow, now: Date) => Promise<LinkRow>,
): Promise<SubAccountItem> {
  const now = options.now ?? new Date();
  const link = await db.transaction(async (tx) =>
    change(tx, await lockOwnLink(tx, options.parentUserId, options.id), now),
  );
  return itemOf(db, link, now);
}

/** Invites again after a refusal, a cancellation or an ending; a pending invite stays as it is. */
export function reInviteSubAccount(db: Database, options: LinkChange): Promise<SubAccountItem> {
  return changeOwnLink(db, options, async (tx, current, now) => {
    if (current.status === 'pending') return current;
    if (current.status === 'active') throw AppError.toast(subAccountMessages.alreadyBound);
    await repository.lockUser(tx, options.parentUserId);
    const { existing, invitee } = await checkInvite(tx, options.parentUserId, current.childPhone, now);
    if (existing) return existing;
    return reopenLink(tx, current.id, invitee, now);
  });
}

/** The parent withdraws an invite (pending, or a refusal it no longer wants listed). */
export function cancelSubAccount(db: Database, options: LinkChange): Promise<SubAccountItem> {
  return changeOwnLink(db, options, async (tx, current, now) => {
    if (current.status === 'active') throw AppError.toast(subAccountMessages.alreadyBound);
    if (current.status !== 'pending' && current.status !== 'refused') return current;
    return repository.updateLink(tx, current.id, { status: 'cancelled', unBindAt: now });
  });
}

/** Ends a link at once: an active one is unbound, a pending invite withdrawn; any other stays as it is. */
async function endLink(tx: Database, current: LinkRow, now: Date): Promise<LinkRow> {
  if (current.status === 'active') return repository.updateLink(tx, current.id, { status: 'unbound', unBindAt: now });
  if (current.status === 'pending')
    return repository.updateLink(tx, current.id, { status: 'cancelled', unBindAt: now });
  return current;
}

/** The parent ends a child's link at once (a pending invite is withdrawn the same way). */
export function unbindSubAccount(db: Database, options: LinkChange): Promise<SubAccountItem> {
  return changeOwnLink(db, options, (tx, current, now) => endLink(tx, current, now));
}

/** A link as the operator's console shows it: both sides, its status and when it began and ended. */
export interface AccountLink {
  id: number;
  parentUserId: number;
  parentPhone: string;
  childUserId: number | null;
  childPhone: string;
  status: LinkRow['status'];
  createdAt: Date;
  endedAt: Date | null;
}

const toAccountLink = (link: LinkRow, parentPhone: string): AccountLink => ({
  id: link.id,
  parentUserId: link.parentUserId,
  parentPhone,
  childUserId: link.childUserId,
  childPhone: link.childPhone,
  status: link.status,
  createdAt: link.createdAt,
  endedAt: link.status === 'pending' || link.status === 'active' ? null : link.unBindAt,
});

/** Every link an account is in, as the parent or as the child (by its id or its phone), newest first. */
export async function listLinksOfAccount(db: Database, userId: number): Promise<AccountLink[]> {
  const user = await repository.findUserById(db, userId);
  if (!user) return [];
  const rows = await repository.selectLinksOfAccount(db, user);
  return rows.map((row) => toAccountLink(row.link, row.parentPhone));
}

/**
 * An operator ends a link the account is in, on either side, inside the caller's transaction (so the
 * audit row commits with it), under the same phone lock and rule as the parent's unbind. Answers the
 * link before and after, or null when the link is not the account's or has already ended.
 */
export async function dissolveLinkOf(
  tx: Database,
  options: { userId: number; linkId: number; now: Date },
): Promise<{ before: AccountLink; after: AccountLink } | null> {
  const found = await repository.findLink(tx, options.linkId);
  const user = await repository.findUserById(tx, options.userId);
  if (!found || !user) return null;
  const mine = found.parentUserId === user.id || found.childUserId === user.id || found.childPhone === user.phone;
  if (!mine) return null;
  const current = await lockOwnLink(tx, found.parentUserId, found.id);
  if (current.status !== 'pending' && current.status !== 'active') return null;
  const parent = await repository.findUserById(tx, current.parentUserId);
  const parentPhone = parent?.phone ?? '';
  const ended = await endLink(tx, current, options.now);
  return { before: toAccountLink(current, parentPhone), after: toAccountLink(ended, parentPhone) };
}

export async function listSubAccounts(db: Database, parentUserId: number, now = new Date()): Promise<SubAccountItem[]> {
  const parent = await getEffectiveGrade(db, parentUserId, now);
  const rows = await repository.selectLinksOfParent(db, parentUserId);
  return rows.map((row) => toItem(row.link, row.nickname, parent.endsAt));
}

/** Seats allowed (`per_val`) and taken by open invites and links (`use_val`). */
export async function getSubAccountQuota(db: Database, userId: number, now = new Date()): Promise<PermissionUse> {
  return getPermissionUse(db, userId, SUB_ACCOUNT_COUNT, now);
}

/** The caller's pending invite: the parent's phone (masked), the grade it would share and when that ends. */
async function findPendingInvite(db: Database, user: { id: number; phone: string }) {
  const open = await repository.selectOpenLinksOf(db, user.phone, user.id);
  return open.find((link) => link.status === 'pending' && link.parentUserId !== user.id);
}

export async function getInviteInfo(db: Database, userId: number, now = new Date()): Promise<SubAccountInviteInfo> {
  const user = await repository.findUserById(db, userId);
  if (!user) return null;
  const invite = await findPendingInvite(db, user);
  if (!invite) return null;
  const parent = await repository.findUserById(db, invite.parentUserId);
  const grade = await getEffectiveGrade(db, invite.parentUserId, now);
  return {
    id: invite.id,
    phone: parent ? maskPhone(parent.phone) : '',
    grade: grade.grade,
    un_bind_time: seconds(grade.endsAt),
  };
}

/** Locks the caller's phone and finds its pending invite (matching `id` when one is given). */
async function lockPendingInvite(tx: Database, userId: number, id: number | undefined) {
  const user = await repository.findUserById(tx, userId);
  if (!user) throw new AppError(Code.TOKEN_INVALID, '请先登录');
  await repository.lockPhone(tx, user.phone);
  const invite = await findPendingInvite(tx, user);
  return { user, invite: invite && (id === undefined || invite.id === id) ? invite : undefined };
}

/**
 * The invitee accepts (`assentV2`): from now on it shares the parent's grade. A retry after success
 * answers with the same standing.
 */
export async function acceptInvite(
  db: Database,
  options: { userId: number; id?: number; now?: Date },
): Promise<SubAccountInfo> {
  const now = options.now ?? new Date();
  await db.transaction(async (tx) => {
    const { user, invite } = await lockPendingInvite(tx, options.userId, options.id);
    if (!invite) {
      const active = await repository.findActiveLinkOfChild(tx, user.id);
      if (active && (options.id === undefined || active.id === options.id)) return;
      throw AppError.notFound(subAccountMessages.inviteNotFound);
    }
    if ((await repository.countOpenLinksOfParent(tx, user.id)) > 0)
      throw AppError.toast(subAccountMessages.acceptAsParent);
    if (hasRunningMembership(user, now)) throw AppError.toast(subAccountMessages.acceptAsMember);
    const right = await checkPermission(tx, invite.parentUserId, SUB_ACCOUNT_COUNT, now);
    if (!right.granted) throw AppError.toast(subAccountMessages.parentLostRight);
    await repository.updateLink(tx, invite.id, {
      status: 'active',
      childUserId: user.id,
      respondedAt: now,
      unBindAt: null,
    });
  });
  return getSubAccountInfo(db, options.userId, now);
}

/** The invitee declines its pending invite; nothing was shared, so no code is asked. */
export async function refuseInvite(db: Database, options: { userId: number; id?: number; now?: Date }) {
  const now = options.now ?? new Date();
  await db.transaction(async (tx) => {
    const { invite } = await lockPendingInvite(tx, options.userId, options.id);
    if (!invite) return;
    await repository.updateLink(tx, invite.id, { status: 'refused', respondedAt: now });
  });
}

/** The open links in which the account is the child: an active link or a pending invite to its phone. */
export async function selectLinksAsChild(db: Database, user: { id: number; phone: string }) {
  const open = await repository.selectOpenLinksOf(db, user.phone, user.id);
  return open.filter((link) => link.parentUserId !== user.id);
}

/** Whether the account is a child account: what the accounts feature asks before sending an unbind code. */
export async function isChildAccount(db: Database, user: { id: number; phone: string }): Promise<boolean> {
  return (await selectLinksAsChild(db, user)).length > 0;
}

/** Verifies (and uses up) an SMS code of purpose `unbind` for a phone; throws when it is wrong. */
export type UnbindCodeVerifier = (options: { phone: string; code: string }) => Promise<void>;

/**
 * The child ends its own link with a code sent to its phone (`un_bind_active`, 001 §2, §4): an
 * active link is ended, a pending invite refused. With nothing to end it answers success without
 * spending the code, so a retry after success does not fail on the used code.
 */
export async function unbindSelf(
  db: Database,
  options: { userId: number; phone: string; code: string; now?: Date; verifyCode: UnbindCodeVerifier },
) {
  const now = options.now ?? new Date();
  const user = await repository.findUserById(db, options.userId);
  if (!user) throw new AppError(Code.TOKEN_INVALID, '请先登录');
  if (user.phone !== options.phone) throw AppError.badRequest(subAccountMessages.phoneMismatch);
  if ((await selectLinksAsChild(db, user)).length === 0) return;
  await options.verifyCode({ phone: options.phone, code: options.code });
  await db.transaction(async (tx) => {
    await repository.lockPhone(tx, user.phone);
    for (const link of await selectLinksAsChild(tx, user)) {
      if (link.status === 'active') await repository.updateLink(tx, link.id, { status: 'unbound', unBindAt: now });
      else await repository.updateLink(tx, link.id, { status: 'refused', respondedAt: now });
    }
  });
}

/** The caller's standing as a child account, for the settings page; the parent's phone is masked. */
export async function getSubAccountInfo(db: Database, userId: number, now = new Date()): Promise<SubAccountInfo> {
  const resolved = await resolveGrade(db, userId, now);
  const link = await repository.findActiveLinkOfChild(db, userId);
  const children = await repository.countOpenLinksOfParent(db, userId);
  const sub = Boolean(link && resolved.parent);
  return {
    sub_account: sub,
    parent_phone: resolved.parent ? maskPhone(resolved.parent.phone) : null,
    grade: normalizeGrade(resolved.grade),
    bind_time: sub ? seconds(link?.respondedAt) : null,
    un_bind_time: sub ? seconds(resolved.endsAt) : null,
    children,
  };
}
