import { WarningOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useLocation, useNavigate, useRouteError } from 'react-router';

/** Shown when a route fails to load (a chunk that would not load even after retries). */
export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  const isChunkError =
    error instanceof Error && /dynamically imported module|Importing a module script|chunk/i.test(error.message);
  return (
    // Plain markup rather than antd's Result: this page is in the entry chunk (it must show even when
    // chunks fail to load), and Result's illustrations would be most of its weight.
    <div className="page-narrow route-error" role="alert">
      <WarningOutlined className="route-error-icon" />
      <h2 className="route-error-title">{isChunkError ? '页面加载失败' : '好像哪里出错了，稍后试试吧'}</h2>
      {isChunkError && <p className="route-error-sub">网络不稳定或页面已更新，请重试。</p>}
      <Button type="primary" onClick={() => void navigate(`${location.pathname}${location.search}`, { replace: true })}>
        重试
      </Button>
    </div>
  );
}
