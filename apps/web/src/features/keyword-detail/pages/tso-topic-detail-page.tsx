import { type TsoTopicKind, tsoTopicKindSchema } from '@dso/contract';
import { useSearchParams } from 'react-router';
import { NoData } from '../../../components';
import { TsoTopicView } from '../components/tso-topic-view';
import '../keyword-detail.css';

/**
 * /TsoKeyWordTopicDetail?keyword=…&kind=…&country=…: one TikTok topic. The topic comes in `keyword`
 * (which the breadcrumb shows) or `topic`; `kind` is ecoTopic unless creativeIdeaTopics; US by default.
 */
export default function TsoTopicDetailPage() {
  const [params] = useSearchParams();
  const topic = (params.get('keyword') ?? params.get('topic') ?? '').trim().replace(/^#/, '');
  const parsed = tsoTopicKindSchema.safeParse(params.get('kind'));
  const kind: TsoTopicKind = parsed.success ? parsed.data : 'ecoTopic';
  const country = params.get('country')?.trim().toUpperCase() || 'US';
  return (
    <div className="page-column kd-page" data-testid="tso-topic-page">
      {topic ? (
        <TsoTopicView key={`${kind}/${country}/${topic}`} topicRef={{ kind, country, topic }} />
      ) : (
        <NoData text="链接丢失啦，请稍后再试~" />
      )}
    </div>
  );
}
