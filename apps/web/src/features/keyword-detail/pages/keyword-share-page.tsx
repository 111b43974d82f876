import { platformSchema } from '@dso/contract';
import { useSearchParams } from 'react-router';
import { NoData } from '../../../components';
import { keywordRefKey } from '../api/get-keyword-detail';
import { SharedKeywordView } from '../components/shared-keyword-view';
import '../keyword-detail.css';
import { keywordRefOfParams } from './keyword-ref-params';

/** /keyWordShareDetail?keyword=…&platform=…(&country=…): a shared keyword, DSO unless told otherwise. */
export default function KeywordSharePage() {
  const [params] = useSearchParams();
  const parsed = platformSchema.safeParse(params.get('platform')?.toUpperCase());
  const keywordRef = keywordRefOfParams(parsed.success ? parsed.data : 'DSO', params);
  return (
    <div className="page-column kd-page" data-testid="keyword-share-page">
      {keywordRef.keyword ? (
        <SharedKeywordView key={keywordRefKey(keywordRef).join('/')} keywordRef={keywordRef} />
      ) : (
        <NoData text="链接丢失啦，请稍后再试~" />
      )}
    </div>
  );
}
