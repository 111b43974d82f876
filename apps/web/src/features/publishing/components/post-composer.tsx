import { DeleteOutlined, InboxOutlined, UserOutlined } from '@ant-design/icons';
import {
  type PostKind,
  type PublishingMedia,
  type PublishKind,
  publishingLimits,
  publishingMessages,
} from '@dso/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Checkbox, Form, Input, Progress, Radio, Spin, Tag, Upload } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from '../../../lib/feedback';
import { accountsQuery, publishingKeys, publishPost, uploadMedia } from '../api/publishing';
import { WorkPicker } from './work-picker';
import '../publishing.css';

const accepts: Record<PostKind, string> = {
  video: 'video/mp4,video/webm,.mp4,.webm',
  images: 'image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp',
};

/** A file on its way up, or up (`media`), or refused (`error`). */
interface PendingUpload {
  key: string;
  name: string;
  percent: number;
  media: PublishingMedia | null;
  error: string | null;
}

/** The client's first check of a chosen file (the server checks again through the upload guard). */
export function checkChosenFile(kind: PostKind, file: { name: string; size: number; type: string }): string | null {
  const isVideo = /^video\/(mp4|webm)$/.test(file.type) || /\.(mp4|webm)$/i.test(file.name);
  const isImage = /^image\/(jpeg|png|webp)$/.test(file.type) || /\.(jpe?g|png|webp)$/i.test(file.name);
  if (kind === 'video' && !isVideo) return publishingMessages.mediaType;
  if (kind === 'images' && !isImage) return publishingMessages.mediaType;
  if (kind === 'video' && file.size > publishingLimits.videoMaxBytes) return publishingMessages.videoTooLarge;
  if (kind === 'images' && file.size > publishingLimits.imageMaxBytes) return publishingMessages.imageTooLarge;
  return null;
}

interface ComposeValues {
  title: string;
  text: string;
  account_ids: number[];
  work_id?: number;
}

/** 发布作品 on /oneSend: the media or an AI 图文 work, the caption, the accounts, and 一键发布. */
export function PostComposer() {
  const client = useQueryClient();
  const accounts = useQuery(accountsQuery());
  const [form] = Form.useForm<ComposeValues>();
  const [params] = useSearchParams();
  // `?work_id=` (from an AI 图文 work) opens the composer on that work.
  const presetWork = Number(params.get('work_id')) || undefined;
  const [kind, setKind] = useState<PublishKind>(presetWork ? 'work' : 'video');
  const [uploads, setUploads] = useState<PendingUpload[]>([]);
  const maxFiles = kind === 'video' ? 1 : publishingLimits.imagesMax;
  const ready = uploads.filter((entry) => entry.media !== null);
  const uploading = uploads.some((entry) => entry.media === null && entry.error === null);
  const active = (accounts.data?.list ?? []).filter((account) => account.status === 'active');

  const patch = (key: string, change: Partial<PendingUpload>) =>
    setUploads((current) => current.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));

  const choose = (file: File) => {
    if (uploads.length >= maxFiles) {
      toast(kind === 'video' ? publishingMessages.videoOne : publishingMessages.tooManyImages, 'warning');
      return false;
    }
    if (kind === 'work') return false;
    const problem = checkChosenFile(kind, file);
    if (problem) {
      toast(problem);
      return false;
    }
    const key = `${Date.now()}-${Math.random()}`;
    setUploads((current) => [...current, { key, name: file.name, percent: 0, media: null, error: null }]);
    uploadMedia(file, (percent) => patch(key, { percent })).then(
      (media) => patch(key, { media, percent: 100 }),
      (error: Error) => patch(key, { error: error.message || '上传失败' }),
    );
    return false;
  };

  const publish = useMutation({
    mutationFn: (values: ComposeValues) =>
      publishPost({
        kind,
        title: values.title ?? '',
        text: values.text ?? '',
        media_ids: ready.map((entry) => (entry.media as PublishingMedia).id),
        account_ids: values.account_ids,
        ...(kind === 'work' && values.work_id ? { work_id: values.work_id } : {}),
      }),
    onSuccess: async () => {
      toast(publishingMessages.published, 'success');
      form.resetFields();
      setUploads([]);
      await client.invalidateQueries({ queryKey: publishingKeys.all });
    },
  });

  const submit = (values: ComposeValues) => {
    if (kind !== 'work' && ready.length === 0) return toast(publishingMessages.mediaMissing);
    publish.mutate(values);
  };

  return (
    <div className="surface-box publishing-card" data-testid="one-send-composer">
      <h2 className="surface-box__title">发布作品</h2>
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ title: '', text: '', account_ids: [], work_id: presetWork }}
      >
        <Form.Item label="作品类型">
          <Radio.Group
            value={kind}
            onChange={(event) => {
              setKind(event.target.value as PublishKind);
              setUploads([]);
            }}
            optionType="button"
            options={[
              { label: '视频', value: 'video' },
              { label: '图文', value: 'images' },
              { label: 'AI 图文作品', value: 'work' },
            ]}
          />
        </Form.Item>
        {kind === 'work' ? (
          <Form.Item
            name="work_id"
            label="作品"
            extra="作品的图片、标题和正文会一并带入；标题和描述留空时使用作品自己的"
            rules={[{ required: true, message: publishingMessages.workMissing }]}
          >
            <WorkPicker />
          </Form.Item>
        ) : (
          <Form.Item
            label={kind === 'video' ? '视频' : `图片（最多 ${publishingLimits.imagesMax} 张）`}
            extra={
              kind === 'video'
                ? '支持 mp4、webm，不超过 128MB'
                : '支持 jpg、png、webp，每张不超过 10MB；抖音开放平台的图片发布以第一张图片为作品图片'
            }
          >
            <Upload.Dragger
              accept={accepts[kind]}
              multiple={kind === 'images'}
              showUploadList={false}
              beforeUpload={choose}
              disabled={uploads.length >= maxFiles}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">点击或拖拽{kind === 'video' ? '视频' : '图片'}到这里上传</p>
            </Upload.Dragger>
            {uploads.map((entry) => (
              <div key={entry.key} className="publishing-delivery" data-testid="upload-item">
                <span className="publishing-delivery__name">{entry.name}</span>
                {entry.error ? (
                  <Tag color="error">{entry.error}</Tag>
                ) : entry.media ? (
                  <Tag color="success">已上传</Tag>
                ) : (
                  <Progress percent={entry.percent} size="small" style={{ width: 160 }} />
                )}
                <Button
                  type="text"
                  size="small"
                  aria-label={`删除 ${entry.name}`}
                  icon={<DeleteOutlined />}
                  onClick={() => setUploads((current) => current.filter((item) => item.key !== entry.key))}
                />
              </div>
            ))}
          </Form.Item>
        )}
        <Form.Item name="title" label="标题（选填）">
          <Input maxLength={publishingLimits.titleMax} showCount placeholder="作品标题" />
        </Form.Item>
        <Form.Item
          name="text"
          label={kind === 'work' ? '作品描述（选填）' : '作品描述'}
          rules={kind === 'work' ? [] : [{ required: true, whitespace: true, message: publishingMessages.textMissing }]}
        >
          <Input.TextArea rows={4} maxLength={publishingLimits.textMax} showCount placeholder="写点什么，可加 #话题" />
        </Form.Item>
        {active.length > 0 ? (
          <Form.Item
            name="account_ids"
            label="发布到"
            rules={[{ required: true, type: 'array', min: 1, message: publishingMessages.accountsMissing }]}
          >
            <Checkbox.Group className="publishing-targets">
              {active.map((account) => (
                <Checkbox key={account.id} value={account.id}>
                  <Avatar size={20} src={account.avatar || undefined} icon={<UserOutlined />} /> {account.nickname}
                </Checkbox>
              ))}
            </Checkbox.Group>
          </Form.Item>
        ) : (
          <Form.Item label="发布到">
            {accounts.isPending ? (
              <Spin />
            ) : (
              <div className="publishing-hint">
                还没有可用的授权账号，<Link to="/oneSendAuthorization">去授权抖音账号</Link>
              </div>
            )}
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" block loading={publish.isPending} disabled={uploading}>
          一键发布
        </Button>
      </Form>
    </div>
  );
}
