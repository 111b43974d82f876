import { Link } from 'react-router';
import { PostComposer } from '../components/post-composer';
import { PostHistory } from '../components/post-history';
import '../publishing.css';

/**
 * /oneSend, 一键发布: upload a video or images, write the caption, choose authorised accounts
 * and publish — one job per account — then follow each account's status, its platform error and 重试.
 */
export default function OneSendPage() {
  return (
    <div className="page-column publishing-page" data-testid="one-send-page">
      <h1 className="publishing-page__title">一键发布</h1>
      <p className="publishing-hint">
        把视频或图文作品一次发布到多个已授权的抖音账号。<Link to="/oneSendAuthorization">管理授权账号</Link>
      </p>
      <div className="tool-workspace publishing-layout">
        <PostComposer />
        <PostHistory />
      </div>
    </div>
  );
}
