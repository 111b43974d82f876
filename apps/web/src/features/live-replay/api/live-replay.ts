import {
  type LiveReplay,
  type LiveReplayList,
  type LiveReplayOptions,
  LiveReplayPath,
  type LiveReplaySummary,
  liveReplayLimits,
  videoLimits,
} from '@dso/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request, requestUpload } from '../../../lib/api/client';
import { pageQuery } from '../../../lib/api/page-query';
import { useSession } from '../../../stores/session';
import { getLiveList } from '../../live';

export const replayKeys = {
  all: ['live-replay'] as const,
  options: ['live-replay', 'options'] as const,
  sessions: ['live-replay', 'sessions'] as const,
  list: (page: number, size: number) => ['live-replay', 'list', page, size] as const,
  detail: (id: number) => ['live-replay', 'detail', id] as const,
};

/** A replay still waiting or running: its page and the history ask again until it ends. */
export const isUnfinished = (replay: Pick<LiveReplaySummary, 'status'>) =>
  replay.status === 'queued' || replay.status === 'running';

export function useReplayOptions() {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: replayKeys.options,
    queryFn: ({ signal }) => request<LiveReplayOptions>(LiveReplayPath.options, { signal }),
    enabled: Boolean(token),
    staleTime: 5 * 60_000,
  });
}

/** Ended sessions of the live wall's list, to pick one to review. */
export function useEndedSessions() {
  return useQuery({
    queryKey: replayKeys.sessions,
    queryFn: async ({ signal }) => {
      const list = await getLiveList(videoLimits.liveScreenMaxSessions, signal);
      return list.sessions.filter((session) => session.end_time !== null);
    },
    staleTime: 60_000,
  });
}

export const startSessionReplay = (roomId: string) =>
  request<LiveReplaySummary>(LiveReplayPath.session, { method: 'POST', body: { room_id: roomId } });

/** `POST …/upload`: the fields first, then the file, as the server reads them, with the upload's progress. */
export function uploadRecording(input: {
  file: File;
  title: string;
  goods: string;
  onProgress?: (percent: number) => void;
}) {
  const form = new FormData();
  form.append('title', input.title);
  form.append('goods', input.goods);
  form.append('file', input.file, input.file.name);
  return requestUpload<LiveReplaySummary>(LiveReplayPath.upload, form, { onProgress: input.onProgress });
}

export const removeReplay = (id: number) => request<null>(LiveReplayPath.remove, { method: 'POST', body: { id } });

export const replayListQuery = (page: number, size: number) =>
  pageQuery<LiveReplayList>({
    queryKey: replayKeys.list(page, size),
    path: LiveReplayPath.list,
    page,
    size,
    poll: { ms: liveReplayLimits.pollMs, while: (list) => list.result.some(isUnfinished) },
  });

export const replayQuery = (id: number) =>
  queryOptions({
    queryKey: replayKeys.detail(id),
    queryFn: ({ signal }) => request<LiveReplay>(LiveReplayPath.detail, { query: { id }, signal }),
    refetchInterval: (query) => (query.state.data && isUnfinished(query.state.data) ? liveReplayLimits.pollMs : false),
  });
