import { type Extraction, type ExtractionSummary, extractionMessages } from '@dso/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { InputAction, openLoginDialog } from '../../../components';
import { toast } from '../../../lib/feedback';
import { useSession } from '../../../stores/session';
import { handleQuotaFailure } from '../../permissions';
import { extractionKeys, extractVideo, getExtraction, useExtractionRemaining } from '../api/extraction-api';
import { openExtractionRecharge } from '../components/batch-extraction-bar';
import { ExtractionHistory } from '../components/extraction-history';
import { TranscriptView } from '../components/transcript-view';
import { COPY_KEYWORD_KEY } from '../extraction-link';
import '../extraction.css';

/** The link the page opens with: `?keyword=` (the copy-extraction button), else the session's copy_keyword. */
function initialLink(params: URLSearchParams): string {
  return params.get('keyword') ?? sessionStorage.getItem(COPY_KEYWORD_KEY) ?? '';
}

/**
 * 视频文案提取 (/DouyinVideoOcr): paste a Douyin share link (or open it from a video's
 * 提取文案 button) and get the spoken script with 复制文案; below, the remaining extraction count with
 * 充值 (buy-times type 9) and the extraction history, where batch extractions land too.
 */
export default function DouyinVideoOcrPage() {
  const [params] = useSearchParams();
  const token = useSession((state) => state.token);
  const remaining = useExtractionRemaining();
  const queryClient = useQueryClient();
  const [link, setLink] = useState(() => initialLink(params));
  const [shown, setShown] = useState<Extraction | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  // A transcript opened from the history below is brought into view.
  useEffect(() => {
    if (shown) resultRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [shown]);

  const extraction = useMutation({
    mutationFn: (text: string) => extractVideo(text),
    onSuccess: (result) => setShown(result),
    onError: (error) => handleQuotaFailure(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: extractionKeys.all }),
  });

  const start = () => {
    if (!token) return openLoginDialog();
    const text = link.trim();
    if (!text) return toast(extractionMessages.linkEmpty, 'warning');
    extraction.mutate(text);
  };

  const open = async (item: ExtractionSummary) => {
    setShown(
      await queryClient.fetchQuery({ queryKey: extractionKeys.detail(item.id), queryFn: () => getExtraction(item.id) }),
    );
  };

  return (
    <div className="ex-page" data-testid="extraction-page">
      <Card title="视频文案提取">
        <InputAction
          className="ex-page__form"
          label="视频链接"
          placeholder="粘贴抖音视频分享链接或视频地址，一键提取视频口播文案"
          value={link}
          onChange={setLink}
          onSubmit={start}
          busy={extraction.isPending}
          action="提取文案"
        />
        <p className="ex-page__quota">
          {token ? (
            <>
              剩余提取次数 <b data-testid="extraction-remaining">{remaining ?? '-'}</b> 次
              <Button type="link" size="small" onClick={openExtractionRecharge}>
                充值
              </Button>
            </>
          ) : (
            <>
              登录后即可提取视频文案
              <Button type="link" size="small" onClick={openLoginDialog}>
                立即登录
              </Button>
            </>
          )}
          <span>单个视频时长不超过20分钟，批量提取最多100个视频</span>
        </p>
      </Card>
      <div ref={resultRef}>{shown && <TranscriptView extraction={shown} />}</div>
      <Card title="提取历史">
        {token ? <ExtractionHistory onOpen={(item) => void open(item)} /> : <p>登录后查看提取历史</p>}
      </Card>
    </div>
  );
}
