import {
  type MonitorAlertList,
  MonitorAlertPath,
  type MonitorAlertSetting,
  type MonitorAlertSettingBody,
} from '@dso/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request, requestEnvelope } from '../../../lib/api/client';

/** Query keys of 排名预警 (docs/monitoring.md, "Alerts"). */
export const monitorAlertKeys = {
  all: ['monitor-alerts'] as const,
  list: (page: number, size: number) => ['monitor-alerts', 'list', page, size] as const,
  setting: ['monitor-alerts', 'setting'] as const,
};

/** New alerts come with the daily round; the panel looks again now and then while it is open. */
const ALERTS_REFRESH_MS = 60_000;

export function useMonitorAlerts(page: number, size: number) {
  return useQuery({
    queryKey: monitorAlertKeys.list(page, size),
    queryFn: ({ signal }) =>
      request<MonitorAlertList>(MonitorAlertPath.list, { query: { page_no: page, page_size: size }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: ALERTS_REFRESH_MS,
  });
}

/** Marks alerts read (some by id, or all). */
export function useReadAlerts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { ids: number[] } | { all: true }) =>
      request<{ unread: number }>(MonitorAlertPath.read, { method: 'POST', body }),
    onSettled: () => client.invalidateQueries({ queryKey: monitorAlertKeys.all }),
  });
}

export function useAlertSetting(enabled = true) {
  return useQuery({
    queryKey: monitorAlertKeys.setting,
    queryFn: ({ signal }) => request<MonitorAlertSetting>(MonitorAlertPath.setting, { signal }),
    enabled,
  });
}

export function useSaveAlertSetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MonitorAlertSettingBody) =>
      request<MonitorAlertSetting>(MonitorAlertPath.saveSetting, { method: 'POST', body }),
    onSuccess: (setting) => client.setQueryData(monitorAlertKeys.setting, setting),
  });
}

/** Sends a test message to the saved robot; resolves with the server's words (sent, or sandbox only). */
export function useTestAlertSetting() {
  return useMutation({
    mutationFn: async () => (await requestEnvelope<null>(MonitorAlertPath.testSetting, { method: 'POST' })).msg,
  });
}
