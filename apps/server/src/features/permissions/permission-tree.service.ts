import { type PermissionTree, permissionKindSchema } from '@dso/contract';
import { type Grade, gradeRank, grades, TIER_BIND_TYPE, type TierGrade, tierIds } from '@dso/domain';
import type { Database } from '../../db/client';
import { type PermissionDefinition, permissionConfig } from './permission-config';
import * as repository from './permissions.repository';

/**
 * The permission configuration and the tree the client reads (001 §3): the configuration is checked
 * and written to the database at start; the tree is built from what is stored.
 */

/**
 * Problems with a permission table, empty when it is sound: every value a non-negative integer, a
 * kind that can carry it, and grants that the tree can express (see `permissionConfig`).
 */
export function validatePermissionConfig(config: readonly PermissionDefinition[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const definition of config) {
    const { alias, kind, values } = definition;
    if (seen.has(alias)) problems.push(`${alias}: listed twice`);
    seen.add(alias);
    if (!permissionKindSchema.safeParse(kind).success) problems.push(`${alias}: unknown kind ${kind}`);
    for (const [grade, value] of Object.entries(values)) {
      if (!Number.isInteger(value) || value < 0) problems.push(`${alias}: ${grade} value ${value} is not a count`);
      if (kind === 'flag' && value !== 1) problems.push(`${alias}: a flag is 1 where granted, absent elsewhere`);
    }
    if (definition.packable && kind !== 'count' && kind !== 'day_count') problems.push(`${alias}: packs need a count`);
    if (kind === 'count' && !definition.exhausted) problems.push(`${alias}: a count needs its exhaustion texts`);
    if ((values.CVIP === undefined) !== (values.VIP === undefined)) problems.push(`${alias}: CVIP must follow VIP`);
    if ((values.GVIP === undefined) !== (values.EVIP === undefined)) problems.push(`${alias}: GVIP must follow EVIP`);
    for (let rank = 1; rank < grades.length; rank++) {
      const lower = values[grades[rank - 1]!];
      const higher = values[grades[rank]!];
      if (lower !== undefined && (higher === undefined || higher < lower)) {
        problems.push(`${alias}: ${grades[rank]} has less than ${grades[rank - 1]}`);
      }
    }
  }
  return problems;
}

/**
 * Writes the permission table into `permission_aliases` / `permission_binds`: inserts what is new,
 * updates what changed, removes what the table no longer has. Safe to run on every start and from
 * several instances at once: one advisory lock makes concurrent runs take turns, and each run is
 * idempotent (bind ids survive updates, so the tree's child ids stay stable).
 */
export async function ensurePermissionConfig(db: Database, config: readonly PermissionDefinition[] = permissionConfig) {
  const problems = validatePermissionConfig(config);
  if (problems.length > 0) throw new Error(`Invalid permission configuration:\n  ${problems.join('\n  ')}`);
  await db.transaction(async (tx) => {
    await repository.lockKey(tx, 'permission-config');
    for (const definition of config) {
      await repository.upsertAlias(tx, {
        alias: definition.alias,
        name: definition.name,
        kind: definition.kind,
        description: definition.description,
      });
      const granted = grades.filter((grade) => definition.values[grade] !== undefined);
      for (const grade of granted) {
        await repository.upsertBind(tx, { alias: definition.alias, grade, value: definition.values[grade]! });
      }
      await repository.deleteBindsExcept(tx, definition.alias, granted);
    }
    await repository.deleteAliasesExcept(
      tx,
      config.map((definition) => definition.alias),
    );
  });
}

const tierGrades = Object.keys(tierIds) as TierGrade[];

/** Grades with a tier id in the client's tree (CVIP and GVIP have none). */
export function isTierGrade(grade: string): grade is TierGrade {
  return (tierGrades as string[]).includes(grade);
}

function configOrder(alias: string): number {
  const index = permissionConfig.findIndex((definition) => definition.alias === alias);
  return index === -1 ? permissionConfig.length : index;
}

/**
 * The permission tree `DccRoles` (001 §3): per alias one child per tier that has it, bound as
 * `{ type: 'ROLE', value: '<tier id>', ext: '<value>' }` (the reading of `TIER_BIND_TYPE`). CVIP and
 * GVIP have no tier id, so their values are not in the tree; the configuration rules make their
 * grants agree with the tiers below them.
 */
export async function getPermissionTree(db: Database): Promise<PermissionTree> {
  const aliases = await repository.selectAliases(db);
  const binds = await repository.selectBinds(db);
  return aliases
    .sort((a, b) => configOrder(a.alias) - configOrder(b.alias) || a.alias.localeCompare(b.alias))
    .map((alias) => ({
      alias: alias.alias,
      children: binds
        .filter((bind) => bind.alias === alias.alias && isTierGrade(bind.grade))
        .sort((a, b) => gradeRank(a.grade as Grade) - gradeRank(b.grade as Grade))
        .map((bind) => ({
          id: bind.id,
          permission_role_bind: [
            { type: TIER_BIND_TYPE, value: String(tierIds[bind.grade as TierGrade]), ext: String(bind.value) },
          ],
        })),
    }));
}
