/**
 * The operator's console (docs/console.md): staff roles and what each may do, the one table the
 * server's route checks and the web console's menu both read.
 *
 * 管理员 everything; 财务 money (orders, refunds, invoices, coupons, cards); 客服 members (users,
 * sessions, child accounts) and orders read-only; 数据 the libraries (imports, sources, jobs).
 */

/** The staff roles, as stored and shown. */
export const consoleRoles = ['管理员', '财务', '客服', '数据'] as const;
export type ConsoleRole = (typeof consoleRoles)[number];

/**
 * What a role may do, one ability per kind of page or action. Abilities whose pages come later
 * (orders, marketing, invoices, data) are here already, so those pages only add their routes.
 */
export const consoleAbilities = {
  /** Find a member and read their grade, orders, usage, sessions, links and platform accounts. */
  'users.read': ['管理员', '客服'],
  /** Grant or extend a grade, end sessions, dissolve a child-account link (each with a reason). */
  'users.act': ['管理员', '客服'],
  /** Read orders and payments. */
  'orders.read': ['管理员', '财务', '客服'],
  /** Refunds, invoices, coupons and cards. */
  'orders.act': ['管理员', '财务'],
  /** Imports, sources and jobs. */
  'data.manage': ['管理员', '数据'],
  /** Create and disable staff accounts. */
  'staff.manage': ['管理员'],
  /** Read the audit log. */
  'audit.read': ['管理员'],
  /** Read the system page: which provider each outside service uses, production checks, version, migrations. */
  'system.read': ['管理员'],
} as const satisfies Record<string, readonly ConsoleRole[]>;
export type ConsoleAbility = keyof typeof consoleAbilities;

/** Whether a staff role may do what an ability covers. */
export function roleMay(role: ConsoleRole, ability: ConsoleAbility): boolean {
  return (consoleAbilities[ability] as readonly ConsoleRole[]).includes(role);
}

/** Whether a stored text is one of the roles. */
export function isConsoleRole(value: string): value is ConsoleRole {
  return (consoleRoles as readonly string[]).includes(value);
}
