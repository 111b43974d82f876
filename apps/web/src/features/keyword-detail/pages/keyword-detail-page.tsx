import { useLocation, useParams, useSearchParams } from 'react-router';
import { NoData } from '../../../components';
import { platformOfDetailPath, toDetailTab } from '../../../lib/keyword-addresses';
import { keywordRefKey } from '../api/get-keyword-detail';
import { KeywordDetailView } from '../components/keyword-detail-view';
import '../keyword-detail.css';
import { keywordRefOfParams } from './keyword-ref-params';

/**
 * The keyword detail routes (000 §2.1): /keyWordDetail/{tabVal?}?keyword= for DSO and the Rso, Wso,
 * Bso, Kso and Tso variants (TSO also reads `country`, US by default). One page; the path picks the
 * library. Without a keyword the link is broken: 链接丢失啦，请稍后再试~ (002 §2).
 */
export default function KeywordDetailPage() {
  const { pathname } = useLocation();
  const { tabVal } = useParams();
  const [params] = useSearchParams();
  const keywordRef = keywordRefOfParams(platformOfDetailPath(pathname) ?? 'DSO', params);
  return (
    <div className="page-column kd-page" data-testid="keyword-detail-page">
      {keywordRef.keyword ? (
        <KeywordDetailView
          key={keywordRefKey(keywordRef).join('/')}
          keywordRef={keywordRef}
          tab={toDetailTab(tabVal)}
        />
      ) : (
        <NoData text="链接丢失啦，请稍后再试~" />
      )}
    </div>
  );
}
