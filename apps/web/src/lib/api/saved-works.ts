import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../stores/session';
import { toast } from '../feedback';
import { request } from './client';

/**
 * A page of the signed-in user's saved AI works (历史文案, 创作历史), under `[feature, 'works', …]` so a
 * delete can refresh every page; the previous page stays on screen while the next loads.
 */
export function useSavedWorks<List>(feature: string, path: string, pageNo: number, pageSize: number) {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: [feature, 'works', token, pageNo, pageSize],
    queryFn: ({ signal }) => request<List>(path, { query: { page_no: pageNo, page_size: pageSize }, signal }),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}

/** One saved AI work, to reopen it; nothing is asked for a visitor or without an id. */
export function useSavedWork<Work>(feature: string, pathOf: (id: number) => string, id: number | null) {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: [feature, 'work', token, id],
    queryFn: ({ signal }) => request<Work>(pathOf(id!), { signal }),
    enabled: Boolean(token) && id !== null,
  });
}

/**
 * The saved-work calls of an AI text feature (AI文案, AI写作), all under `feature`: a page of the list, one
 * work to reopen, saving (`POST` the list path) and deleting (`DELETE` the work's path). `listKey` is the
 * list's key prefix, which a save or a delete refreshes.
 */
export function savedWorksApi<List, Work, SaveBody>(
  feature: string,
  paths: { works: string; workOf(id: number): string },
) {
  return {
    listKey: [feature, 'works'] as const,
    useWorks: (pageNo: number, pageSize: number) => useSavedWorks<List>(feature, paths.works, pageNo, pageSize),
    useWork: (id: number | null) => useSavedWork<Work>(feature, paths.workOf, id),
    save: (body: SaveBody) => request<Work>(paths.works, { method: 'POST', body }),
    remove: (id: number) => request<null>(paths.workOf(id), { method: 'DELETE' }),
  };
}

/** What a save call answers: the entry's id and the title it was saved under. */
export interface SavedWorkHead {
  id: number;
  title: string;
}

/**
 * The save side of an AI work being written (AI文案, AI写作): its title, the saving flag and whether it
 * has an entry yet. `save` hands `send` the saved id when there is one, so a second save edits the
 * entry instead of adding one, and the title to save: the one typed, else `defaultTitle`, cut to
 * `titleMax`; then it keeps the answer's id and title, says 保存成功 and refreshes the feature's
 * saved-work pages.
 */
export function useWorkSaving(feature: string, work: SavedWorkHead | null, titleMax: number) {
  const queryClient = useQueryClient();
  const [savedId, setSavedId] = useState<number | null>(work?.id ?? null);
  const [title, setTitle] = useState(work?.title ?? '');
  const [saving, setSaving] = useState(false);

  const save = async (
    defaultTitle: string,
    send: (entry: { id?: number; title: string }) => Promise<SavedWorkHead>,
  ) => {
    setSaving(true);
    try {
      const entry = { ...(savedId === null ? {} : { id: savedId }), title: (title || defaultTitle).slice(0, titleMax) };
      const result = await send(entry);
      setSavedId(result.id);
      setTitle(result.title);
      toast('保存成功', 'success');
      void queryClient.invalidateQueries({ queryKey: [feature, 'works'] });
    } catch {
      // The client's response handler has shown the reason.
    } finally {
      setSaving(false);
    }
  };
  /** Forgets the entry and the title, so the next save makes a new entry. */
  const startNew = () => {
    setSavedId(null);
    setTitle('');
  };
  return { title, setTitle, titleMax, saving, isSaved: savedId !== null, save, startNew };
}

/** The saving state of a work, as the output panel's title box and save button show it. */
export type WorkSaving = ReturnType<typeof useWorkSaving>;
