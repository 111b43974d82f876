/**
 * The permissions feature's public functions, which other features import from here. Each part lives
 * in its own module: the configuration and the tree the client reads (permission-tree.service), what
 * a grade holds and the 810 refusals (permission-check.service), quota use and consumption with
 * usage-count packs (quota.service), the upkeep giving back reservations whose request died
 * (lapsed-holds.job), the usage ledger's erasure, and the routes the app registers.
 */

export {
  type EffectiveGrade,
  getEffectiveGrade,
  type LockedGrade,
  lockOwnGrade,
  ownGrade,
  resolveGrade,
  setOwnGrade,
} from './grade.service';
export { LAPSED_HOLDS_JOB, lapsedHoldsJobHandlers, scheduleLapsedHoldsRound } from './lapsed-holds.job';
export {
  checkGradePermission,
  checkPermission,
  type PermissionCheck,
  permissionLacking,
  quotaExhausted,
  requirePermission,
} from './permission-check.service';
export { permissionConfig } from './permission-config';
export { ensurePermissionConfig, getPermissionTree, validatePermissionConfig } from './permission-tree.service';
export { permissionsRoutes } from './permissions.routes';
export {
  type AddUsagePackOptions,
  addUsagePack,
  assertQuotaLeft,
  type ConsumeOptions,
  consumePermission,
  getPermissionUse,
  giveBackLapsedHolds,
  giveBackReservation,
  holdPermission,
  packExpiry,
  REQUEST_HOLD_LAPSE_MS,
  type Reservation,
  releasePermission,
  reservePermission,
  reservePermissionEach,
  SUB_ACCOUNT_COUNT,
  settleReservation,
} from './quota.service';
export { blankUsageReasonsOf } from './usage-ledger.erase';
export { getUsageLog, listLatestUsage, type UsageEntry } from './usage-log.service';
