import { type Platform, platformSchema } from '@dso/contract';
import { useSearchParams } from 'react-router';
import { NoData } from '../../../components';
import { SharedKeywordView } from '../components/shared-keyword-view';
import '../keyword-detail.css';

/** /keyWordShareDetail?keyword=…&platform=…(&country=…): a shared keyword, DSO unless told otherwise. */
export default function KeywordSharePage() {
  const [params] = useSearchParams();
  const keyword = params.get('keyword')?.trim() ?? '';
  const parsed = platformSchema.safeParse(params.get('platform')?.toUpperCase());
  const platform: Platform = parsed.success ? parsed.data : 'DSO';
  const country = platform === 'TSO' ? params.get('country')?.trim().toUpperCase() || 'US' : undefined;
  return (
    <div className="page-column kd-page" data-testid="keyword-share-page">
      {keyword ? (
        <SharedKeywordView
          key={`${platform}/${country ?? ''}/${keyword}`}
          keywordRef={{ platform, country, keyword }}
        />
      ) : (
        <NoData text="链接丢失啦，请稍后再试~" />
      )}
    </div>
  );
}
