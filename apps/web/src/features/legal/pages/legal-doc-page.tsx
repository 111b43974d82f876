import type { LegalDocKey } from '@dso/contract';
import { Skeleton } from 'antd';
import { LoadFailed } from '../../../components';
import { useLegalDoc } from '../api/legal-doc';
import { MarkdownView } from '../components/markdown-view';
import '../legal.css';

/** 用户协议 / 隐私政策 (docs/legal.md): the operator's Markdown, readable without logging in. */
export function LegalDocPage({ doc }: { doc: LegalDocKey }) {
  const query = useLegalDoc(doc);
  if (query.isPending) return <Skeleton active className="page-narrow" paragraph={{ rows: 12 }} />;
  if (query.isError) {
    return (
      <LoadFailed
        className="page-narrow legal-doc__failed"
        message="文档加载失败"
        onRetry={() => void query.refetch()}
      />
    );
  }
  return (
    <article className="page-narrow legal-doc" aria-label={query.data.title}>
      <MarkdownView source={query.data.markdown} />
    </article>
  );
}
