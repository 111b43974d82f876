import { permissionConfig } from '../permissions';

/** Test-only helpers of the API keys. */

/** The API units a member of `grade` may spend a day (API_UNIT_DAY_COUNT as configured). */
export const apiUnitAllowance = (grade: 'VIP' | 'SVIP') =>
  permissionConfig.find((definition) => definition.alias === 'API_UNIT_DAY_COUNT')!.values[grade]!;
