/**
 * The operator's console (docs/console.md), in parts: `login/` (staff login and sessions), `staff/`
 * (staff accounts), `audit/` (the append-only audit log) and `users/` (the users page). It reads and
 * changes members only through the account, orders, permissions and publishing features' indexes.
 *
 * What it offers: its routes, and the staff commands `npm run console` runs.
 */
export { CLI_ACTOR_NAME } from './audit/audit.service';
export { consoleRoutes } from './console.routes';
/** 套餐与卡券's audited changes, which `npm run orders` makes as 命令行. */
export {
  createCardsAudited,
  createCouponAudited,
  createPackAudited,
  createPlanAudited,
  grantCouponAudited,
  setPlanEnabledAudited,
  updatePackAudited,
  updatePlanAudited,
} from './marketing/marketing.service';
export { createStaff, disableStaff, findStaffIdByPhone, listStaff } from './staff/staff.service';
export { resetStaffPassword } from './staff/staff-password.service';
