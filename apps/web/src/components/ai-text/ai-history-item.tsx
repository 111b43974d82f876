import { DeleteOutlined } from '@ant-design/icons';
import { formatTime } from '@dso/domain';
import { Button, Popconfirm, Tag } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './ai-text.css';

export interface AiHistoryItemProps {
  /** The item's frame, from the page's own styles. */
  className?: string;
  title: string;
  excerpt: string;
  /** What the text was written from (the template, the keyword), before the time. */
  source: ReactNode;
  /** When it was last saved; shown in Shanghai time, as every date is. */
  updatedAt: string;
  sandbox: boolean;
  /** Where 打开 leads (a link), or what it does (a button). */
  open: { to: string } | { onOpen(): void };
  /** 确定删除这篇作品吗？ and the like. */
  deleteQuestion: string;
  onDelete(): void;
}

/** One saved AI text in a history list: its title and 打开 reopen it, 删除 asks first. */
export function AiHistoryItem(props: AiHistoryItemProps) {
  const { open } = props;
  const titleOpener =
    'to' in open ? (
      <Link to={open.to} className="ai-history__title">
        {props.title}
      </Link>
    ) : (
      <button type="button" className="ai-history__title" onClick={open.onOpen}>
        {props.title}
      </button>
    );
  const openButton =
    'to' in open ? (
      <Link to={open.to}>
        <Button size="small">打开</Button>
      </Link>
    ) : (
      <Button size="small" onClick={open.onOpen}>
        打开
      </Button>
    );
  return (
    <li className={props.className}>
      <div className="ai-history__head">
        {titleOpener}
        <div className="ai-history__actions">
          {openButton}
          <Popconfirm title={props.deleteQuestion} okText="删除" cancelText="取消" onConfirm={props.onDelete}>
            <Button size="small" danger icon={<DeleteOutlined />} aria-label={`删除 ${props.title}`}>
              删除
            </Button>
          </Popconfirm>
        </div>
      </div>
      <p className="ai-history__excerpt">{props.excerpt}</p>
      <span className="ai-history__meta">
        {props.source} · {formatTime(props.updatedAt, 'YYYY-MM-DD HH:mm')}
        {props.sandbox && (
          <Tag color="orange" style={{ marginLeft: 8 }}>
            沙箱示例输出
          </Tag>
        )}
      </span>
    </li>
  );
}
