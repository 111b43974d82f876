import { Button, Result } from 'antd';
import { useLocation, useNavigate, useRouteError } from 'react-router';

/** Shown when a route fails to load (a chunk that would not load even after retries). */
export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  const isChunkError =
    error instanceof Error && /dynamically imported module|Importing a module script|chunk/i.test(error.message);
  return (
    <div className="page-narrow">
      <Result
        status={isChunkError ? 'warning' : '500'}
        title={isChunkError ? '页面加载失败' : '好像哪里出错了，稍后试试吧'}
        subTitle={isChunkError ? '网络不稳定或页面已更新，请重试。' : undefined}
        extra={
          <Button
            type="primary"
            onClick={() => void navigate(`${location.pathname}${location.search}`, { replace: true })}
          >
            重试
          </Button>
        }
      />
    </div>
  );
}
