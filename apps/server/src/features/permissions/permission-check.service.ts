import { Code, type PermissionDeniedData, type PermissionKind, permissionKindSchema } from '@dso/contract';
import {
  dailyExhaustedMessage,
  type Grade,
  gradeRank,
  isTopTier,
  lowestGrantingGrade,
  quotaExhaustionAction,
  TIER_BIND_TYPE,
  type TierGrade,
  tierIds,
  upgradeMessages,
} from '@dso/domain';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { resolveGrade } from './grade.service';
import { findPermissionDefinition, type PermissionDefinition } from './permission-config';
import { isTierGrade } from './permission-tree.service';
import * as repository from './permissions.repository';

/**
 * What a grade holds of a permission (flag, row cap, allowance) and the 810 refusals when it lacks one
 * or has used it up (001 §4–§6).
 */

/** A permission alias as stored: its kind, each grade's value and the lowest tier that grants it. */
export interface LoadedAlias {
  alias: string;
  kind: PermissionKind;
  values: Partial<Record<Grade, number>>;
  /** The lowest tier that has it, as the client reads the tree; null when no tier has it. */
  neededGrade: TierGrade | null;
  definition: PermissionDefinition | undefined;
}

/** An alias with its grade values, read from the database (written there at start from the configuration). */
export async function loadAlias(db: Database, alias: string): Promise<LoadedAlias> {
  const row = await repository.findAlias(db, alias);
  if (!row) throw new Error(`Unknown permission alias ${alias}; is ensurePermissionConfig run at start?`);
  const binds = await repository.selectBindsOf(db, alias);
  const values: Partial<Record<Grade, number>> = {};
  for (const bind of binds) values[bind.grade as Grade] = bind.value;
  const node = {
    alias,
    children: binds
      .filter((bind) => isTierGrade(bind.grade))
      .map((bind) => ({
        id: bind.id,
        permission_role_bind: [{ type: TIER_BIND_TYPE, value: String(tierIds[bind.grade as TierGrade]) }],
      })),
  };
  return {
    alias,
    kind: permissionKindSchema.parse(row.kind),
    values,
    neededGrade: lowestGrantingGrade([node], alias),
    definition: findPermissionDefinition(alias),
  };
}

/** What one grade holds of one permission. */
export interface PermissionCheck {
  alias: string;
  kind: PermissionKind;
  /** The effective grade checked (the parent's for a child account). */
  grade: Grade;
  granted: boolean;
  /** The grade's value: 1 for a flag, the cap for rows, the allowance for counts; null when lacking. */
  value: number | null;
  /** The lowest tier that grants it (what the client's tree says); null when nobody has it. */
  neededGrade: TierGrade | null;
}

/** What one grade holds of a loaded alias. */
export function checkFor(loaded: LoadedAlias, grade: Grade): PermissionCheck {
  const value = loaded.values[grade] ?? null;
  return {
    alias: loaded.alias,
    kind: loaded.kind,
    grade,
    granted: value !== null,
    value,
    neededGrade: loaded.neededGrade,
  };
}

/** A permission for a grade, without a user (visitors' row caps, say, are checked as FREE by choice). */
export async function checkGradePermission(db: Database, grade: Grade, alias: string): Promise<PermissionCheck> {
  return checkFor(await loadAlias(db, alias), grade);
}

/** A permission of a user at its effective grade (001 §5): flag, row cap or allowance. */
export async function checkPermission(
  db: Database,
  userId: number,
  alias: string,
  now = new Date(),
): Promise<PermissionCheck> {
  const loaded = await loadAlias(db, alias);
  const { grade } = await resolveGrade(db, userId, now);
  return checkFor(loaded, grade);
}

/** {@link checkPermission}, refusing with 810 (权限不足…) when the grade lacks it. */
export async function requirePermission(
  db: Database,
  userId: number,
  alias: string,
  now = new Date(),
): Promise<PermissionCheck> {
  const check = await checkPermission(db, userId, alias, now);
  if (!check.granted) throw permissionLacking(check);
  return check;
}

function actionData(
  alias: string,
  reason: PermissionDeniedData['reason'],
  action: ReturnType<typeof quotaExhaustionAction>,
): PermissionDeniedData {
  return action.kind === 'pay'
    ? { alias, reason, action: 'pay', grade: action.preselect }
    : { alias, reason, action: 'buyTimes', type: action.type };
}

/**
 * 810 for a grade lacking a permission: 权限不足，升级会员版本可查看更多数据~, with the pay dialog
 * preselecting the lowest tier that has it (or one step up when that is not above the user's).
 */
export function permissionLacking(check: Pick<PermissionCheck, 'alias' | 'grade' | 'neededGrade'>): AppError {
  const data =
    check.neededGrade && gradeRank(check.neededGrade) > gradeRank(check.grade)
      ? ({ alias: check.alias, reason: 'lacking', action: 'pay', grade: check.neededGrade } as const)
      : actionData(check.alias, 'lacking', quotaExhaustionAction(check.grade));
  return new AppError(Code.NEEDS_UPGRADE, upgradeMessages.insufficientRights, data);
}

/**
 * 810 for a used-up quota (001 §4, §6; 002 §4, §6): below EVIP the pay dialog with the next tier
 * (FREE→VIP, VIP→SVIP, others→EVIP); EVIP and above the buy-times dialog (type 9). Daily counts use
 * the spec's daily wording, running totals their own.
 */
export function quotaExhausted(options: { alias: string; kind: PermissionKind; grade: Grade }): AppError {
  const texts = findPermissionDefinition(options.alias)?.exhausted;
  const msg =
    options.kind === 'count' && texts
      ? isTopTier(options.grade)
        ? texts.topTier
        : texts.upgrade
      : dailyExhaustedMessage(options.grade);
  return new AppError(
    Code.NEEDS_UPGRADE,
    msg,
    actionData(options.alias, 'exhausted', quotaExhaustionAction(options.grade)),
  );
}
