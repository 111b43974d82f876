import { InboxOutlined } from '@ant-design/icons';
import { liveReplayMessages } from '@dso/contract';
import { formatTime } from '@dso/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Input, List, Progress, Skeleton, Tabs, Upload } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { InputAction, NoData, openLoginDialog, PageHero } from '../../../components';
import { toast } from '../../../lib/feedback';
import { formatFigure } from '../../../lib/figures';
import { useSession } from '../../../stores/session';
import { handleQuotaFailure } from '../../permissions';
import {
  replayKeys,
  startSessionReplay,
  uploadRecording,
  useEndedSessions,
  useReplayOptions,
} from '../api/live-replay';
import { LiveReplayRoute, replayPath, roomIdOf } from '../live-replay-link';
import '../live-replay.css';

/** Pick an ended session of the live wall, or paste its id or address. */
function SessionPicker({ onStart, busy }: { onStart: (roomId: string) => void; busy: string | null }) {
  const sessions = useEndedSessions();
  const [link, setLink] = useState('');
  const startLink = () => {
    const roomId = roomIdOf(link);
    if (!roomId)
      return toast(link.trim() ? liveReplayMessages.sessionMissing : liveReplayMessages.roomRequired, 'warning');
    onStart(roomId);
  };
  return (
    <div>
      <InputAction
        className="lr-form"
        label="直播链接"
        placeholder="粘贴直播间ID、直播详情或直播大屏链接"
        value={link}
        onChange={setLink}
        onSubmit={startLink}
        busy={busy !== null && busy === roomIdOf(link)}
        action="开始复盘"
      />
      <h3 className="lr-subtitle">最近结束的直播</h3>
      {sessions.isPending ? (
        <Skeleton active />
      ) : (sessions.data ?? []).length === 0 ? (
        <NoData text="暂无已结束的直播" />
      ) : (
        <List
          data-testid="replay-sessions"
          dataSource={sessions.data}
          rowKey="room_id"
          renderItem={(session) => (
            <List.Item
              data-testid="replay-session"
              actions={[
                <Button
                  key="start"
                  type="primary"
                  ghost
                  loading={busy === session.room_id}
                  disabled={busy !== null && busy !== session.room_id}
                  onClick={() => onStart(session.room_id)}
                >
                  复盘这场
                </Button>,
              ]}
            >
              <List.Item.Meta
                title={session.title}
                description={`${session.creator.nick_name} · ${formatTime(session.start_time * 1000, 'YYYY-MM-DD HH:mm')} 开播 · 峰值在线 ${formatFigure(session.peak_online)} · ${session.goods_count} 件商品`}
              />
            </List.Item>
          )}
        />
      )}
    </div>
  );
}

/** Upload a recording with its title and goods; the sandbox cannot hear one, and the page says so first. */
function RecordingUpload({ onUploaded }: { onUploaded: (id: number) => void }) {
  const options = useReplayOptions();
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [goods, setGoods] = useState('');
  const [sent, setSent] = useState<number | null>(null);
  const upload = useMutation({
    mutationFn: uploadRecording,
    onSuccess: (replay) => onUploaded(replay.id),
    onError: (error) => handleQuotaFailure(error),
    onSettled: () => setSent(null),
  });
  if (options.isPending) return <Skeleton active />;
  const sandbox = options.data?.speech_sandbox ?? true;
  const extensions = options.data?.extensions ?? [];
  const submit = () => {
    if (!file) return toast(liveReplayMessages.fileRequired, 'warning');
    if (options.data && file.size > options.data.upload_max_bytes)
      return toast(liveReplayMessages.fileTooLarge, 'warning');
    setSent(0);
    upload.mutate({ file, title, goods, onProgress: setSent });
  };
  return (
    <div className="lr-upload">
      {sandbox && <Alert type="warning" showIcon message={liveReplayMessages.sandboxUpload} />}
      <Input
        aria-label="直播标题"
        placeholder="直播标题（选填）"
        value={title}
        maxLength={60}
        disabled={sandbox}
        onChange={(event) => setTitle(event.target.value)}
      />
      <Input.TextArea
        aria-label="直播商品"
        placeholder="本场讲解的商品名称，用逗号或换行分隔（选填，用于统计商品讲解）"
        value={goods}
        rows={3}
        maxLength={600}
        disabled={sandbox}
        onChange={(event) => setGoods(event.target.value)}
      />
      <Upload.Dragger
        accept={extensions.map((extension) => `.${extension}`).join(',')}
        maxCount={1}
        disabled={sandbox}
        beforeUpload={(chosen) => {
          setFile(chosen);
          return false;
        }}
        onRemove={() => setFile(null)}
        fileList={file ? [{ uid: 'recording', name: file.name, status: 'done' }] : []}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">点击或拖拽直播录像、录音到这里</p>
        <p className="ant-upload-hint">支持 {extensions.join('、')}，不超过 1G、6 小时；长时间直播建议上传录音</p>
      </Upload.Dragger>
      {sent !== null && <Progress percent={sent} status="active" aria-label="上传进度" />}
      <Button type="primary" disabled={sandbox} loading={upload.isPending} onClick={submit}>
        {upload.isPending && sent === 100 ? '正在检查录像' : '上传并复盘'}
      </Button>
    </div>
  );
}

/** The line under the page's title. */
const HERO_SUBTITLE = '语音转写整场直播，对照在线人数找出高峰时刻，统计商品讲解，给出保留与改进建议';

/**
 * AI 直播复盘 (/AiLiveReplay): start a review of an ended live session (the sandbox hears a
 * host's script from its goods and curve) or of an uploaded recording; the review runs in the
 * background and opens on its own page. docs/live-replay.md.
 */
export default function AiLiveReplayPage() {
  const token = useSession((state) => state.token);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);

  const opened = (id: number) => {
    void queryClient.invalidateQueries({ queryKey: replayKeys.all });
    navigate(replayPath(id));
  };
  const startSession = async (roomId: string) => {
    if (!token) return openLoginDialog();
    setBusy(roomId);
    try {
      opened((await startSessionReplay(roomId)).id);
    } catch (error) {
      handleQuotaFailure(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="tool-page" data-testid="ai-live-replay-page">
      <PageHero title="AI直播复盘" subtitle={HERO_SUBTITLE} look="tool">
        <Link to={LiveReplayRoute.history}>
          <Button>复盘历史</Button>
        </Link>
      </PageHero>
      <Card>
        <Tabs
          items={[
            { key: 'session', label: '选择直播场次', children: <SessionPicker onStart={startSession} busy={busy} /> },
            { key: 'upload', label: '上传直播录像', children: <RecordingUpload onUploaded={opened} /> },
          ]}
        />
      </Card>
    </div>
  );
}
