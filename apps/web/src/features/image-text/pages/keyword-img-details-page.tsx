import {
  ArrowLeftOutlined,
  ArrowRightOutlined,
  CopyOutlined,
  DeleteOutlined,
  DownloadOutlined,
  SaveOutlined,
} from '@ant-design/icons';
import { type ImageTextWork, imageTextLimits, imageTextMessages } from '@dso/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Input, Popconfirm, Skeleton, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { NoData } from '../../../components';
import { copyText } from '../../../lib/clipboard';
import { toast } from '../../../lib/feedback';
import { recordIdOf } from '../../../lib/record-id';
import { saveFile } from '../../../lib/save-file';
import {
  downloadWorkZip,
  imageTextKeys,
  removeImageTextWork,
  updateImageTextWork,
  useImageTextWork,
} from '../api/image-text-api';
import { ImageTextNav } from '../components/image-text-nav';
import { WorkImage } from '../components/work-image';
import { WorkStatus } from '../components/work-status';
import { imageTextPaths } from '../image-text-paths';
import '../image-text.css';

/** /keywordImgDetails?id= (login): one work to read, edit (title, body, pictures' order and set) and download. */
export default function KeywordImgDetailsPage() {
  const [params] = useSearchParams();
  const id = recordIdOf(params.get('id'));
  const work = useImageTextWork(id);
  let content: ReactNode;
  if (id === null || work.isError) content = <NoData text={imageTextMessages.workMissing} />;
  else if (!work.data) content = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (work.data.status !== 'done') {
    content = (
      <section className="tool-panel it-panel" data-testid="image-text-waiting">
        <h2 className="it-panel__title">{work.data.title}</h2>
        <WorkStatus work={work.data} />
        <div className="it-grid">
          {work.data.images.map((name) => (
            <WorkImage key={name} workId={work.data.id} name={name} alt={work.data.title} />
          ))}
        </div>
      </section>
    );
  } else {
    // Keyed by the work alone: a refetch bringing a later write (the generation settling) keeps what is being edited.
    content = <WorkEditor key={work.data.id} work={work.data} />;
  }
  return (
    <div className="tool-page it-page" data-testid="keyword-img-details-page">
      <ImageTextNav title="AI图文详情" hint="修改标题和正文，调整图片顺序或删除不需要的图片，然后下载使用" />
      {content}
    </div>
  );
}

function WorkEditor({ work }: { work: ImageTextWork }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [title, setTitle] = useState(work.title);
  const [body, setBody] = useState(work.body);
  const [images, setImages] = useState(work.images);
  const [saving, setSaving] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const changed = title !== work.title || body !== work.body || images.join() !== work.images.join();

  const move = (index: number, by: -1 | 1) =>
    setImages((list) => {
      const next = [...list];
      const [taken] = next.splice(index, 1);
      next.splice(index + by, 0, taken!);
      return next;
    });
  const drop = (name: string) => {
    if (images.length <= 1) return toast(imageTextMessages.imagesEmpty, 'warning');
    setImages((list) => list.filter((item) => item !== name));
  };

  const save = async () => {
    if (!title.trim()) return toast(imageTextMessages.titleEmpty, 'warning');
    setSaving(true);
    try {
      const saved = await updateImageTextWork({ id: work.id, title: title.trim(), body, images });
      queryClient.setQueryData(imageTextKeys.work(work.id), saved);
      setTitle(saved.title);
      setBody(saved.body);
      setImages(saved.images);
      void queryClient.invalidateQueries({ queryKey: imageTextKeys.works });
      toast(imageTextMessages.saved, 'success');
    } catch {
      // The client's response handler has shown the reason.
    } finally {
      setSaving(false);
    }
  };

  const download = async () => {
    setDownloading(true);
    try {
      const { blob, filename } = await downloadWorkZip(work.id);
      saveFile(blob, filename ?? `${work.title}.zip`);
    } catch {
      // The client's response handler has shown the reason.
    } finally {
      setDownloading(false);
    }
  };

  const remove = async () => {
    try {
      await removeImageTextWork(work.id);
      toast(imageTextMessages.removed, 'success');
      await queryClient.invalidateQueries({ queryKey: imageTextKeys.all });
      navigate(imageTextPaths.history(work.source));
    } catch {
      // The client's response handler has shown the reason.
    }
  };

  return (
    <div className="it-editor" data-testid="image-text-editor">
      <section className="tool-panel it-panel" aria-label="图片">
        <h2 className="it-panel__title">
          图片 <span className="tool-hint">共 {images.length} 张，第一张为封面</span>
        </h2>
        <ul className="it-grid it-grid--edit">
          {images.map((name, index) => (
            <li key={name} className="it-tile" data-testid="editor-image" data-name={name}>
              <WorkImage workId={work.id} name={name} alt={`第${index + 1}张`} />
              <div className="it-tile__bar">
                <span>{index === 0 ? '封面' : `第${index + 1}张`}</span>
                <span>
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowLeftOutlined />}
                    aria-label={`第${index + 1}张前移`}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  />
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowRightOutlined />}
                    aria-label={`第${index + 1}张后移`}
                    disabled={index === images.length - 1}
                    onClick={() => move(index, 1)}
                  />
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`删除第${index + 1}张`}
                    onClick={() => drop(name)}
                  />
                </span>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section className="tool-panel it-panel it-form" aria-label="文案">
        <label htmlFor="it-title" className="it-panel__title">
          标题{' '}
          {work.sandbox && (
            <Tag color="orange" data-testid="sandbox-tag">
              沙箱示例
            </Tag>
          )}
        </label>
        <Input
          id="it-title"
          value={title}
          maxLength={imageTextLimits.titleMax}
          showCount
          onChange={(event) => setTitle(event.target.value)}
        />
        <label htmlFor="it-body" className="it-panel__title">
          正文
        </label>
        <Input.TextArea
          id="it-body"
          value={body}
          autoSize={{ minRows: 10, maxRows: 24 }}
          maxLength={imageTextLimits.bodyMax}
          onChange={(event) => setBody(event.target.value)}
        />
        <div className="it-actions it-actions--start">
          <Button
            type="primary"
            icon={<SaveOutlined />}
            loading={saving}
            disabled={!changed}
            onClick={() => void save()}
          >
            保存
          </Button>
          <Button
            icon={<DownloadOutlined />}
            loading={downloading}
            disabled={changed}
            title={changed ? '请先保存修改' : undefined}
            onClick={() => void download()}
          >
            下载作品
          </Button>
          <Button icon={<CopyOutlined />} onClick={() => void copyText(`${title}\n\n${body}`)}>
            复制文案
          </Button>
          <Popconfirm title="确定删除这个图文作品吗？" okText="删除" cancelText="取消" onConfirm={() => remove()}>
            <Button danger icon={<DeleteOutlined />}>
              删除作品
            </Button>
          </Popconfirm>
        </div>
        <p className="tool-hint">关键词：{work.keyword || '—'}</p>
      </section>
    </div>
  );
}
