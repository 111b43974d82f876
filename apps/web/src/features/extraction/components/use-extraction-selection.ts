import { extractionLimits, extractionMessages, type VideoRow } from '@dso/contract';
import { useCallback, useMemo, useState } from 'react';
import { openLoginDialog } from '../../../components';
import { toast } from '../../../lib/feedback';
import { useSession } from '../../../stores/session';
import { openQuotaExhausted } from '../../permissions';
import { useExtractionRemaining } from '../api/extraction-api';

/** The selection of a video list for batch extraction, with the rules of 002 §5. */
export interface ExtractionSelection {
  /** Selected aweme ids, in the order they were picked. */
  ids: readonly string[];
  isSelected(awemeId: string): boolean;
  /** Adds or removes one work. */
  toggle(video: Pick<VideoRow, 'video_id'>): void;
  /** Adds every work given (the page's 全选), cut back to what may be selected. */
  selectAll(videos: ReadonlyArray<Pick<VideoRow, 'video_id'>>): void;
  clear(): void;
  /** Remaining AI_WRITING_BATCH_EXTRACTION count; null while unknown or signed out. */
  remaining: number | null;
}

/**
 * The most a batch may hold: the remaining count, and never more than the general max extract count
 * of 100 (checkedMaxExtractLimit).
 */
export function maxSelectable(remaining: number | null): number {
  return Math.min(extractionLimits.batchMax, remaining ?? extractionLimits.batchMax);
}

/**
 * Picks ids under the limits: past 100, 最多只能批量提取100个视频 shows for 2 s; past the remaining count,
 * the upgrade or recharge prompt opens (buy-times type 9 from EVIP). Either way the selection is cut
 * back to what fits. Returns the new selection.
 */
export function limitSelection(wanted: readonly string[], remaining: number | null): string[] {
  const max = maxSelectable(remaining);
  if (wanted.length <= max) return [...wanted];
  if (max === extractionLimits.batchMax) {
    toast(extractionMessages.tooMany(max), 'warning', extractionLimits.tooManySeconds * 1000);
  } else {
    openQuotaExhausted();
  }
  return wanted.slice(0, max);
}

/** Holds a list's selection for batch extraction; signed-out users get the login dialog instead. */
export function useExtractionSelection(): ExtractionSelection {
  const token = useSession((state) => state.token);
  const remaining = useExtractionRemaining();
  const [ids, setIds] = useState<string[]>([]);
  const chosen = useMemo(() => new Set(ids), [ids]);

  const toggle = useCallback(
    (video: Pick<VideoRow, 'video_id'>) => {
      if (!token) return openLoginDialog();
      if (chosen.has(video.video_id)) setIds(ids.filter((id) => id !== video.video_id));
      else setIds(limitSelection([...ids, video.video_id], remaining));
    },
    [token, chosen, ids, remaining],
  );
  const selectAll = useCallback(
    (videos: ReadonlyArray<Pick<VideoRow, 'video_id'>>) => {
      if (!token) return openLoginDialog();
      const added = videos.map((video) => video.video_id).filter((id) => !chosen.has(id));
      setIds(limitSelection([...ids, ...added], remaining));
    },
    [token, chosen, ids, remaining],
  );
  const clear = useCallback(() => setIds([]), []);
  return { ids, isSelected: (id) => chosen.has(id), toggle, selectAll, clear, remaining };
}
