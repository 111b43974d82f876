import type { LegalDocKey } from '@dso/contract';
import { Button, Skeleton } from 'antd';
import { NoData } from '../../../components';
import { useLegalDoc } from '../api/legal-doc';
import { MarkdownView } from '../components/markdown-view';
import '../legal.css';

/** 用户协议 / 隐私政策 (docs/legal.md): the operator's Markdown, readable without logging in. */
export function LegalDocPage({ doc }: { doc: LegalDocKey }) {
  const query = useLegalDoc(doc);
  if (query.isPending) return <Skeleton active className="page-narrow" paragraph={{ rows: 12 }} />;
  if (query.isError) {
    return (
      <div className="page-narrow legal-doc__failed">
        <NoData text="文档加载失败" />
        <Button onClick={() => void query.refetch()}>重新加载</Button>
      </div>
    );
  }
  return (
    <article className="page-narrow legal-doc" aria-label={query.data.title}>
      <MarkdownView source={query.data.markdown} />
    </article>
  );
}
