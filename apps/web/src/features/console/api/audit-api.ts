import { type ConsoleAction, type ConsoleAuditPage, ConsolePath } from '@dso/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { consoleGet } from './console-request';

/** The audit page's filters (contract `consoleAuditQuerySchema`); days are YYYY-MM-DD. */
export interface AuditFilters {
  staff_id?: number | undefined;
  /** One thing acted on, `user:12`. */
  subject?: string | undefined;
  action?: ConsoleAction | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page_no: number;
}

export const consoleAuditQuery = (query: AuditFilters) =>
  queryOptions({
    queryKey: ['console', 'audit', query],
    queryFn: () =>
      consoleGet<ConsoleAuditPage>(ConsolePath.audit, {
        staff_id: query.staff_id,
        subject: query.subject,
        action: query.action,
        from: query.from,
        to: query.to,
        page_no: query.page_no,
      }),
    placeholderData: keepPreviousData,
  });
