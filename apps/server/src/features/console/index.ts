/**
 * The operator's console (docs/console.md), in parts: `login/` (staff login and sessions), `staff/`
 * (staff accounts), `audit/` (the append-only audit log) and `users/` (the users page). It reads and
 * changes members only through the account, orders, permissions and publishing features' indexes.
 *
 * What it offers: its routes, and the staff commands `npm run console` runs.
 */
export { CLI_ACTOR_NAME } from './audit/audit.service';
export { consoleRoutes } from './console.routes';
export { createStaff, disableStaff, findStaffIdByPhone, listStaff } from './staff/staff.service';
export { resetStaffPassword } from './staff/staff-password.service';
