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
  type PermissionUse,
} from '@dso/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request, requestFile, requestUpload } from '../../../lib/api/client';
import { saveFile } from '../../../lib/save-file';

/** Query keys of rank monitoring: every view reads the same items and checks, so a change refreshes them all. */
export const monitoringKeys = {
  all: ['monitoring'] as const,
  list: (page: number, size: number) => ['monitoring', 'list', page, size] as const,
  keyword: (id: number, days: number) => ['monitoring', 'keyword', id, days] as const,
  dashboard: (days: number) => ['monitoring', 'dashboard', days] as const,
  daily: (day: string | null) => ['monitoring', 'daily', day] as const,
};

/** While an item waits for its first check (checked within moments of being added), the list asks again. */
export const PENDING_REFRESH_MS = 3_000;

const isWaiting = (list: MonitorList | undefined) =>
  list?.result.some((item) => item.latest === null || item.latest.status === 'pending') ?? false;

export const monitorListQuery = (page: number, size: number) =>
  queryOptions({
    queryKey: monitoringKeys.list(page, size),
    queryFn: ({ signal }) =>
      request<MonitorList>(MonitoringPath.list, { query: { page_no: page, page_size: size }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (isWaiting(query.state.data) ? PENDING_REFRESH_MS : false),
  });

export function useMonitorList(page: number, size: number, options: { refetchInterval?: number } = {}) {
  const query = monitorListQuery(page, size);
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

export function useMonitorKeyword(id: number | null, days: number) {
  return useQuery({
    queryKey: monitoringKeys.keyword(id ?? 0, days),
    queryFn: ({ signal }) => request<MonitorKeywordDetail>(MonitoringPath.keyword, { query: { id, days }, signal }),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}

export function useMonitorDashboard(days: number, options: { refetchInterval?: number } = {}) {
  return useQuery({
    queryKey: monitoringKeys.dashboard(days),
    queryFn: ({ signal }) => request<MonitorDashboard>(MonitoringPath.dashboard, { query: { days }, signal }),
    placeholderData: keepPreviousData,
    ...(options.refetchInterval ? { refetchInterval: options.refetchInterval } : {}),
  });
}

export function useMonitorDaily(day: string | null) {
  return useQuery({
    queryKey: monitoringKeys.daily(day),
    queryFn: ({ signal }) => request<MonitorDaily>(MonitoringPath.daily, { query: { day }, signal }),
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
