import { CONSOLE_SESSION_COOKIE, Code, consoleMessages } from '@dso/contract';
import { type ConsoleAbility, roleMay } from '@dso/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { Actor } from './audit/audit.service';
import type { StaffCheck } from './login/staff-login.service';
import type { StaffRow, StaffSessionRow } from './staff/staff.repository';

declare module 'fastify' {
  interface FastifyRequest {
    /** What the console cookie meant for this request (set by the console's routes only). */
    staffCheck: StaffCheck | null;
  }
}

/** The console cookie's token, if the browser sent one. */
export function consoleToken(request: FastifyRequest): string | null {
  return request.cookies[CONSOLE_SESSION_COOKIE] || null;
}

/**
 * The staff member behind the request, or the refusal in the product's envelope: 801 for a session that
 * went idle, 800 for none (or a disabled account's), and 403 无权限访问 — the product's words for a refusal —
 * for a member's session without a staff one.
 */
export function requireStaff(request: FastifyRequest): StaffRow {
  return requireStaffSession(request).staff;
}

/** {@link requireStaff} with the session the request came in on. */
export function requireStaffSession(request: FastifyRequest): { staff: StaffRow; session: StaffSessionRow } {
  const check = request.staffCheck;
  if (check && 'staff' in check) return check;
  if (check?.failure === 'idle') throw new AppError(Code.TOKEN_EXPIRED, consoleMessages.idle);
  if (request.userId !== null) throw new AppError(Code.FORBIDDEN, consoleMessages.forbidden);
  if (check?.failure === 'disabled') throw new AppError(Code.TOKEN_INVALID, consoleMessages.disabled);
  throw new AppError(Code.TOKEN_INVALID, '请先登录');
}

/** A route's guard: a staff session whose role may do `ability` (consoleAbilities), else the refusal. */
export function allow(ability: ConsoleAbility) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const staff = requireStaff(request);
    if (!roleMay(staff.role, ability)) throw new AppError(Code.FORBIDDEN, consoleMessages.forbidden);
  };
}

/** The acting staff member, as the audit log records them. */
export function actorOf(request: FastifyRequest): Actor {
  const staff = requireStaff(request);
  return { id: staff.id, name: staff.name };
}
