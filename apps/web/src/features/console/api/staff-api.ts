import {
  ConsolePath,
  type ConsoleStaff,
  type ConsoleStaffCreateBody,
  type ConsoleStaffDisableBody,
  type ConsoleStaffResetPasswordBody,
} from '@dso/contract';
import { queryOptions } from '@tanstack/react-query';
import { consoleGet, consolePost } from './console-request';

export const consoleStaffKey = ['console', 'staff'] as const;

export const consoleStaffQuery = queryOptions({
  queryKey: consoleStaffKey,
  queryFn: () => consoleGet<ConsoleStaff[]>(ConsolePath.staff),
});

export const createConsoleStaff = (body: ConsoleStaffCreateBody) =>
  consolePost<ConsoleStaff>(ConsolePath.staffCreate, body);

export const disableConsoleStaff = (body: ConsoleStaffDisableBody) =>
  consolePost<ConsoleStaff>(ConsolePath.staffDisable, body);

export const resetConsoleStaffPassword = (body: ConsoleStaffResetPasswordBody) =>
  consolePost<{ ended_sessions: number }>(ConsolePath.staffResetPassword, body);
