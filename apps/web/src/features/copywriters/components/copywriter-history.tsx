import { AiHistoryList } from '../../../components/ai-text/ai-history-list';
import { copywriterWorks } from '../api/copywriters';

const PAGE_SIZE = 10;

/** 历史文案: the user's saved scripts, newest first; each reopens in the workspace or is deleted. */
export function CopywriterHistory({ onOpen }: { onOpen(id: number): void }) {
  return (
    <div data-testid="copywriter-history">
      <AiHistoryList
        works={copywriterWorks}
        pageSize={PAGE_SIZE}
        loginText="登录后查看历史文案"
        emptyText="还没有保存的文案"
        itemClassName="tool-panel"
        deleteQuestion="确定删除这条文案吗？"
        describe={(work) => ({ source: `关键词：${work.keyword}`, open: { onOpen: () => onOpen(work.id) } })}
      />
    </div>
  );
}
