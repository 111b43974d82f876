import {
  Code,
  type MonitorAddBody,
  type MonitorDaily,
  type MonitorDailyExportFormat,
  type MonitorDashboard,
  type MonitorExportFormat,
  type MonitorItem,
  MonitoringPath,
  type MonitorKeywordDetail,
  type MonitorList,
  type MonitorUploadResult,
  type MonitorViewType,
  type PermissionUse,
} from '@dso/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request, requestFile, requestUpload } from '../../../lib/api/client';
import { saveFile } from '../../../lib/save-file';

/**
 * Query keys of rank monitoring: every view reads the same items and checks, so a change refreshes them all. The
 * example mode's answers (`type=example`) are keyed apart from the user's own.
 */
export const monitoringKeys = {
  all: ['monitoring'] as const,
  list: (page: number, size: number, example = false) => ['monitoring', 'list', page, size, example] as const,
  keyword: (id: number, days: number, example = false) => ['monitoring', 'keyword', id, days, example] as const,
  dashboard: (days: number, example = false) => ['monitoring', 'dashboard', days, example] as const,
  daily: (day: string | null, example = false) => ['monitoring', 'daily', day, example] as const,
};

/** The query of the example mode (002 §2): sample monitoring from the server, the same shapes as the user's own. */
const viewType = (example: boolean) => (example ? { type: 'example' satisfies MonitorViewType } : {});

/** While an item waits for its first check (checked within moments of being added), the list asks again. */
export const PENDING_REFRESH_MS = 3_000;

const isWaiting = (list: MonitorList | undefined) =>
  list?.result.some((item) => item.latest === null || item.latest.status === 'pending') ?? false;

export const monitorListQuery = (page: number, size: number, example = false) =>
  queryOptions({
    queryKey: monitoringKeys.list(page, size, example),
    queryFn: ({ signal }) =>
      request<MonitorList>(MonitoringPath.list, {
        query: { page_no: page, page_size: size, ...viewType(example) },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (isWaiting(query.state.data) ? PENDING_REFRESH_MS : false),
  });

export function useMonitorList(
  page: number,
  size: number,
  options: { refetchInterval?: number; example?: boolean } = {},
) {
  const query = monitorListQuery(page, size, options.example);
  const every = options.refetchInterval;
  return useQuery(
    every
      ? {
          ...query,
          refetchInterval: (state) => Math.min(every, isWaiting(state.state.data) ? PENDING_REFRESH_MS : every),
        }
      : query,
  );
}

export function useMonitorKeyword(id: number | null, days: number, example = false) {
  return useQuery({
    queryKey: monitoringKeys.keyword(id ?? 0, days, example),
    queryFn: ({ signal }) =>
      request<MonitorKeywordDetail>(MonitoringPath.keyword, { query: { id, days, ...viewType(example) }, signal }),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}

export function useMonitorDashboard(
  days: number,
  options: { refetchInterval?: number; example?: boolean; enabled?: boolean } = {},
) {
  const example = options.example ?? false;
  return useQuery({
    enabled: options.enabled ?? true,
    queryKey: monitoringKeys.dashboard(days, example),
    queryFn: ({ signal }) =>
      request<MonitorDashboard>(MonitoringPath.dashboard, { query: { days, ...viewType(example) }, signal }),
    placeholderData: keepPreviousData,
    ...(options.refetchInterval ? { refetchInterval: options.refetchInterval } : {}),
  });
}

export function useMonitorDaily(day: string | null, example = false) {
  return useQuery({
    queryKey: monitoringKeys.daily(day, example),
    queryFn: ({ signal }) =>
      request<MonitorDaily>(MonitoringPath.daily, { query: { day, ...viewType(example) }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Monitors a keyword or a work under it; every monitoring view is refreshed after. */
export function useAddMonitor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MonitorAddBody) => request<MonitorItem>(MonitoringPath.add, { method: 'POST', body }),
    onSettled: () => client.invalidateQueries({ queryKey: monitoringKeys.all }),
  });
}

export function useRemoveMonitor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request<PermissionUse>(MonitoringPath.remove, { method: 'POST', body: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: monitoringKeys.all }),
  });
}

/**
 * `POST /api/monitor/upload` (002 §7): one keyword file as a multipart form, with its progress. A 403 is the
 * caller's (the no-permission dialog, 002 §8); other failures take the general handling.
 */
export function uploadKeywordFile(file: File, onProgress: (percent: number) => void) {
  const form = new FormData();
  form.append('file', file, file.name);
  return requestUpload<MonitorUploadResult>(MonitoringPath.upload, form, { onProgress, handles: [Code.FORBIDDEN] });
}

/** Downloads the daily paper of a day as .xlsx or .pdf. */
export async function downloadDailyPaper(day: string | null, format: MonitorDailyExportFormat = 'xlsx') {
  const { blob, filename } = await requestFile(MonitoringPath.dailyExport, { query: { day, format } });
  saveFile(blob, filename ?? `数据日报-${day ?? ''}.${format}`);
}

/** Downloads the check history of the last `days` days as .csv or .xlsx. */
export async function downloadHistory(days: number, format: MonitorExportFormat) {
  const { blob, filename } = await requestFile(MonitoringPath.historyExport, { query: { days, format } });
  saveFile(blob, filename ?? `排名监控历史.${format}`);
}
