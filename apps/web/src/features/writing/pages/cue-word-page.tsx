import { EditOutlined, HistoryOutlined } from '@ant-design/icons';
import type { WritingTemplate } from '@dso/contract';
import { Button, Skeleton } from 'antd';
import { Link, useNavigate } from 'react-router';
import { NoData, PageHero } from '../../../components';
import { useWritingTemplates } from '../api/writing';
import { storeChosenTemplate, WritingRoute } from '../writing';
import '../writing.css';

/** The line under the page's title. */
const HERO_SUBTITLE = '选择写作模板，填写要点，一键生成短视频脚本、标题、笔记与营销文案';

/**
 * /CueWord (AI 创作): the writing templates grouped by category title (000 §3, §7). Choosing one keeps
 * it in session storage and opens /writing.
 */
export default function CueWordPage() {
  const navigate = useNavigate();
  const templates = useWritingTemplates();
  const choose = (template: WritingTemplate) => {
    storeChosenTemplate(template);
    void navigate(WritingRoute.writing);
  };
  const groups = Object.entries(templates.data ?? {});

  return (
    <div className="tool-page" data-testid="cue-word-page">
      <PageHero title="AI创作" subtitle={HERO_SUBTITLE} look="tool" className="wr-hero">
        <Link to={WritingRoute.history}>
          <Button icon={<HistoryOutlined />}>创作历史</Button>
        </Link>
      </PageHero>
      {templates.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : groups.length === 0 ? (
        <NoData />
      ) : (
        groups.map(([title, list]) => (
          <section key={title} className="wr-group" aria-label={title}>
            <h2 className="wr-group__title">{title}</h2>
            <ul className="wr-cards">
              {list.map((template) => (
                <li key={template.id}>
                  <button type="button" className="wr-card" onClick={() => choose(template)}>
                    <span className="wr-card__title">
                      <EditOutlined aria-hidden /> {template.title}
                    </span>
                    <span className="wr-card__desc">{template.description}</span>
                    <span className="wr-card__meta">
                      语气：{template.tone} · 受众：{template.audience}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </div>
  );
}
