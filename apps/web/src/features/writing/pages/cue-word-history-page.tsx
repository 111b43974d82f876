import { EditOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Link } from 'react-router';
import { AiHistoryList } from '../../../components/ai-text/ai-history-list';
import { writingWorks } from '../api/writing';
import { reopenWorkPath, WritingRoute } from '../writing';
import '../writing.css';
import { PageHero } from '../../../components';

const PAGE_SIZE = 10;

/** /CueWordHistory (创作历史): the user's saved works, newest first; each reopens on /writing or is deleted. */
export default function CueWordHistoryPage() {
  return (
    <div className="tool-page" data-testid="cue-word-history-page">
      <PageHero title="创作历史" subtitle="保存过的 AI 创作，可重新打开编辑或删除" look="tool" className="wr-hero">
        <Link to={WritingRoute.templates}>
          <Button type="primary" icon={<EditOutlined />}>
            新建创作
          </Button>
        </Link>
      </PageHero>
      <AiHistoryList
        works={writingWorks}
        pageSize={PAGE_SIZE}
        loginText="登录后查看创作历史"
        itemClassName="tool-panel"
        deleteQuestion="确定删除这篇作品吗？"
        describe={(work) => ({ source: work.template_title, open: { to: reopenWorkPath(work.id) } })}
      />
    </div>
  );
}
