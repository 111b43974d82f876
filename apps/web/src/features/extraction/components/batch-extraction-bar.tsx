import { EXTRACTION_BUY_TYPE, extractionLimits, extractionMessages, type VideoRow } from '@dso/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { openLoginDialog } from '../../../components';
import { toast } from '../../../lib/feedback';
import { useDialogs } from '../../../stores/dialogs';
import { useSession } from '../../../stores/session';
import type { BuyTimesPayload } from '../../orders';
import { handleQuotaFailure } from '../../permissions';
import { extractionBatchQuery, extractionKeys, submitBatchExtraction } from '../api/extraction-api';
import { EXTRACTION_PATH } from '../extraction-link';
import type { ExtractionSelection } from './use-extraction-selection';
import '../extraction.css';

/** How often a submitted batch's progress is asked for while its items wait. */
const BATCH_POLL_MS = 2_000;

/** Opens the buy-times dialog for extraction counts (002 §5: type 9). */
export function openExtractionRecharge() {
  const payload: BuyTimesPayload = { type: EXTRACTION_BUY_TYPE };
  useDialogs.getState().openDialog('buyTimes', payload);
}

export interface BatchExtractionBarProps {
  selection: ExtractionSelection;
  /** The works on screen, for 全选. */
  videos: readonly VideoRow[];
}

/**
 * The batch extraction bar of a video list (002 §2, §4, §5): the estimated consumption, the remaining
 * AI_WRITING_BATCH_EXTRACTION count, a recharge link and 批量提取文案. Submitting shows
 * 文案正在提取中，请稍后到提取历史中查看 for 3 s, clears the selection and refreshes the count.
 */
export function BatchExtractionBar({ selection, videos }: BatchExtractionBarProps) {
  const token = useSession((state) => state.token);
  const queryClient = useQueryClient();
  const [sending, setSending] = useState(false);
  // The count is taken as each video is answered: follow the last batch and refresh the remaining
  // count as its items end, until none waits.
  const [followed, setFollowed] = useState<string | null>(null);
  const progress = useQuery({
    ...extractionBatchQuery(followed ?? ''),
    enabled: followed !== null,
    refetchInterval: BATCH_POLL_MS,
  });
  const waiting = progress.data?.result.filter((row) => row.status === 'pending').length;
  const polledAt = progress.dataUpdatedAt;
  useEffect(() => {
    // Each answer of the progress call (polledAt) may have charged more items.
    if (followed === null || waiting === undefined || polledAt === 0) return;
    void queryClient.invalidateQueries({ queryKey: extractionKeys.use });
    if (waiting === 0) setFollowed(null);
  }, [followed, waiting, polledAt, queryClient]);
  const { ids, remaining } = selection;
  const onPage = videos.filter((video) => selection.isSelected(video.video_id)).length;
  const allOnPage = videos.length > 0 && onPage === videos.length;

  const submit = async () => {
    if (!token) return openLoginDialog();
    if (ids.length === 0) return toast(extractionMessages.emptySelection, 'warning');
    setSending(true);
    try {
      const { batch_id } = await submitBatchExtraction(ids);
      setFollowed(batch_id);
      toast(extractionMessages.submitted, 'warning', extractionLimits.submittedSeconds * 1000);
      selection.clear();
    } catch (error) {
      // 810 opens the upgrade or buy-times dialog; other refusals were toasted by the client.
      handleQuotaFailure(error);
    } finally {
      setSending(false);
      await queryClient.invalidateQueries({ queryKey: extractionKeys.all });
    }
  };

  return (
    <div className="ex-bar" data-testid="batch-extraction-bar" role="toolbar" aria-label="批量提取文案">
      <Checkbox
        checked={allOnPage}
        indeterminate={onPage > 0 && !allOnPage}
        onChange={(event) => (event.target.checked ? selection.selectAll(videos) : selection.clear())}
      >
        全选
      </Checkbox>
      <span>
        已选 <b data-testid="extraction-selected">{ids.length}</b> 个视频，预计消耗{' '}
        <b data-testid="extraction-estimate">{ids.length}</b> 次
      </span>
      <span>
        剩余提取次数 <b data-testid="extraction-remaining">{token ? (remaining ?? '-') : '-'}</b> 次
      </span>
      <Button type="link" size="small" onClick={token ? openExtractionRecharge : openLoginDialog}>
        充值
      </Button>
      <Link className="ex-bar__history" to={EXTRACTION_PATH}>
        提取历史
      </Link>
      <Button type="primary" size="small" loading={sending} onClick={() => void submit()}>
        批量提取文案
      </Button>
    </div>
  );
}
