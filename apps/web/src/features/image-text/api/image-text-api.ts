import {
  IMAGE_TEXT_ALIAS,
  type ImageTextBatchResult,
  type ImageTextList,
  ImageTextPath,
  type ImageTextSettings,
  type ImageTextSource,
  type ImageTextTemplateStepResult,
  type ImageTextUpdateBody,
  type ImageTextWork,
  imageTextLimits,
} from '@dso/contract';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { request, requestFile, requestUpload } from '../../../lib/api/client';
import { useSession } from '../../../stores/session';
import { fetchPermissionUse, useRemainingUses } from '../../permissions';

/** Query keys of AI 图文. */
export const imageTextKeys = {
  all: ['image-text'] as const,
  use: ['image-text', 'use'] as const,
  works: ['image-text', 'works'] as const,
  work: (id: number) => ['image-text', 'work', id] as const,
  settings: ['image-text', 'settings'] as const,
};

/** The call a single generation streams (useAiStream). */
export const generatePath = ImageTextPath.generate;

/** A work still being written or drawn: its page asks again until it is done or failed. */
export const isWorking = (status: string | undefined) => status === 'writing' || status === 'drawing';

/** One work, asked again every 1.5 s while its pictures are being made. */
export function useImageTextWork(id: number | null) {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: imageTextKeys.work(id ?? 0),
    queryFn: ({ signal }) => request<ImageTextWork>(ImageTextPath.work, { query: { id }, signal }),
    enabled: Boolean(token) && id !== null,
    refetchInterval: (query) => (isWorking(query.state.data?.status) ? imageTextLimits.pollMs : false),
  });
}

/** A page of the user's works of one source (or of one batch), asked again while any is being made. */
export function useImageTextWorks(filter: { source?: ImageTextSource; batchId?: string }, page: number, size: number) {
  const token = useSession((state) => state.token);
  const queryClient = useQueryClient();
  const works = useQuery({
    queryKey: [...imageTextKeys.works, filter.source ?? '', filter.batchId ?? '', page, size],
    queryFn: ({ signal }) =>
      request<ImageTextList>(ImageTextPath.works, {
        query: { source: filter.source, batch_id: filter.batchId, page_no: page, page_size: size },
        signal,
      }),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.result.some((row) => isWorking(row.status)) ? imageTextLimits.pollMs : false,
  });
  const working = works.data?.result.some((row) => isWorking(row.status)) ?? false;
  useEffect(() => {
    // Works take their unit as they finish: once none is being made, show the new remaining count.
    if (!working) void queryClient.invalidateQueries({ queryKey: imageTextKeys.use });
  }, [working, queryClient]);
  return works;
}

/** AI_PUB_BATCH_COUNT of the signed-in user. */
export const imageTextUseQuery = () =>
  queryOptions({
    queryKey: imageTextKeys.use,
    queryFn: ({ signal }) => fetchPermissionUse(IMAGE_TEXT_ALIAS, signal),
    staleTime: 0,
  });

/** Works the user may still hold (per_val − use_val, never below 0); null while unknown or signed out. */
export const useImageTextRemaining = () => useRemainingUses(imageTextUseQuery());

export function useImageTextSettings() {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: [...imageTextKeys.settings, token],
    queryFn: ({ signal }) => request<ImageTextSettings>(ImageTextPath.settings, { signal }),
    enabled: Boolean(token),
  });
}

export const saveImageTextSettings = (settings: ImageTextSettings) =>
  request<ImageTextSettings>(ImageTextPath.settings, { method: 'POST', body: settings });

export const submitImageTextBatch = (keywords: string[]) =>
  request<ImageTextBatchResult>(ImageTextPath.batch, { method: 'POST', body: { keywords } });

export const updateImageTextWork = (body: ImageTextUpdateBody) =>
  request<ImageTextWork>(ImageTextPath.update, { method: 'POST', body });

export const removeImageTextWork = (id: number) =>
  request<null>(ImageTextPath.remove, { method: 'POST', body: { id } });

/** The works upload (002 §7): a multipart file with progress; data is the status_id `<id>_<N>`. */
export function uploadWorksArchive(file: File, onProgress: (percent: number) => void) {
  const form = new FormData();
  form.append('file', file);
  return requestUpload<string>(ImageTextPath.upload, form, { onProgress });
}

/** The template step-up (002 §7): payload idFlag. */
export const runTemplateStep = (idFlag: string) =>
  request<ImageTextTemplateStepResult>(ImageTextPath.templateStep, { method: 'POST', body: { idFlag } });

/** A picture of a work, fetched with the session (the route is authenticated), as a blob. */
export const fetchWorkImage = (id: number, name: string) =>
  requestFile(ImageTextPath.image, { query: { id, name }, silent: true });

/** A done work as one zip (its pictures in order and 正文.txt). */
export const downloadWorkZip = (id: number) => requestFile(ImageTextPath.download, { query: { id } });

/** An object URL of a work's picture while the component shows it; null while loading or on failure. */
export function useWorkImageUrl(id: number, name: string | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!name) return;
    let created: string | null = null;
    let cancelled = false;
    fetchWorkImage(id, name)
      .then(({ blob }) => {
        if (cancelled) return;
        created = URL.createObjectURL(blob);
        setUrl(created);
      })
      .catch(() => {
        if (!cancelled) setUrl(null);
      });
    return () => {
      cancelled = true;
      if (created) URL.revokeObjectURL(created);
      setUrl(null);
    };
  }, [id, name]);
  return url;
}
