import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { type ImageTextSource, imageTextMessages, imageTextSourceSchema } from '@dso/contract';
import { formatTime } from '@dso/domain';
import { Button, Popconfirm, Skeleton, Tabs } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { AppPagination, NoData, useRemoveFromPage } from '../../../components';
import { imageTextKeys, removeImageTextWork, useImageTextWorks } from '../api/image-text-api';
import { ImageTextNav } from '../components/image-text-nav';
import { WorkImage } from '../components/work-image';
import { WorkStatus } from '../components/work-status';
import { WorksUploadDialog } from '../components/works-upload-dialog';
import { imageTextPaths } from '../image-text-paths';
import '../image-text.css';

const PAGE_SIZE = 12;
const tabs: Array<{ key: ImageTextSource; label: string; empty: string }> = [
  { key: 'single', label: '单篇生成', empty: '还没有生成过图文作品' },
  { key: 'batch', label: '批量生成', empty: '还没有批量生成的图文作品' },
  { key: 'upload', label: '上传作品', empty: '还没有上传的图文作品' },
];

/** /keywordImgHistory/:tabVal? (login): the user's works by source — single, batch, uploaded — newest first. */
export default function KeywordImgHistoryPage() {
  const { tabVal } = useParams();
  const navigate = useNavigate();
  const tab = imageTextSourceSchema.safeParse(tabVal).data ?? 'single';
  const [uploading, setUploading] = useState(false);
  return (
    <div className="tool-page it-page" data-testid="keyword-img-history-page">
      <ImageTextNav title="AI图文历史" hint="生成和上传的图文作品都在这里，可查看、编辑、下载或删除" />
      <Tabs
        activeKey={tab}
        onChange={(key) => navigate(imageTextPaths.history(key as ImageTextSource))}
        tabBarExtraContent={
          <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploading(true)}>
            上传作品
          </Button>
        }
        items={tabs.map((item) => ({
          key: item.key,
          label: item.label,
          children: item.key === tab ? <WorksGrid key={item.key} source={item.key} empty={item.empty} /> : null,
        }))}
      />
      <WorksUploadDialog
        open={uploading}
        onClose={() => {
          setUploading(false);
          if (tab !== 'upload') navigate(imageTextPaths.history('upload'));
        }}
      />
    </div>
  );
}

function WorksGrid({ source, empty }: { source: ImageTextSource; empty: string }) {
  const [page, setPage] = useState(1);
  const works = useImageTextWorks({ source }, page, PAGE_SIZE);
  const list = works.data?.result ?? [];
  const remove = useRemoveFromPage({
    page,
    onPageChange: setPage,
    itemsOnPage: list.length,
    deleteItem: removeImageTextWork,
    removedText: imageTextMessages.removed,
    queryKey: imageTextKeys.all,
  });

  if (works.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (list.length === 0) return <NoData text={empty} />;
  return (
    <div data-testid="image-text-history">
      <ul className="it-cards">
        {list.map((work) => (
          <li key={work.id} className="it-card" data-testid="history-work">
            <Link to={imageTextPaths.details(work.id)} className="it-card__cover" aria-label={work.title}>
              <WorkImage workId={work.id} name={work.cover} alt={work.title} />
            </Link>
            <div className="it-card__body">
              <Link to={imageTextPaths.details(work.id)} className="it-card__title" title={work.title}>
                {work.title}
              </Link>
              <WorkStatus work={work} />
              <span className="tool-hint">
                {work.keyword ? `${work.keyword} · ` : ''}
                {work.image_count} 张图 · {formatTime(work.created_at, 'YYYY-MM-DD HH:mm')}
              </span>
              <Popconfirm
                title="确定删除这个图文作品吗？"
                okText="删除"
                cancelText="取消"
                onConfirm={() => remove(work.id)}
              >
                <Button size="small" danger type="text" icon={<DeleteOutlined />} aria-label={`删除 ${work.title}`}>
                  删除
                </Button>
              </Popconfirm>
            </div>
          </li>
        ))}
      </ul>
      <AppPagination
        total={works.data?.total_record ?? 0}
        current={page}
        pageSize={PAGE_SIZE}
        onChange={setPage}
        hideOnSinglePage
      />
    </div>
  );
}
