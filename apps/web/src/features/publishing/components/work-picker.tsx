import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { Link } from 'react-router';
import { imageTextWorksQuery } from '../api/publishing';

/** The done AI 图文 works to choose from (a work still drawing cannot be published yet). */
export function WorkPicker({ value, onChange }: { value?: number; onChange?: (id: number) => void }) {
  const works = useQuery(imageTextWorksQuery());
  const done = (works.data?.result ?? []).filter((work) => work.status === 'done');
  return (
    <Select
      value={value}
      onChange={onChange}
      loading={works.isPending}
      placeholder="选择一篇 AI 图文作品"
      notFoundContent={
        <span>
          还没有生成完成的作品，<Link to="/keywordImg">去 AI 图文创作</Link>
        </span>
      }
      options={done.map((work) => ({
        value: work.id,
        label: `${work.title || work.keyword}（${work.image_count} 张图）`,
      }))}
    />
  );
}
