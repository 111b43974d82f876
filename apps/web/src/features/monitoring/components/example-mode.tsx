import { EyeOutlined } from '@ant-design/icons';
import { monitoringLimits } from '@dso/contract';
import { Button, Tag } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DemoBanner } from '../../../components';

/**
 * The example mode of the monitoring pages (002 §2: a page opened with `type=example` shows sample data):
 * the same pages drawing the server's sample monitoring, labelled 示例数据 under the demo banner (000 §2.7), with
 * every action that would change monitoring disabled.
 */

export const EXAMPLE_LABEL = '示例数据';
/** Why an action is disabled in the example. */
export const EXAMPLE_READ_ONLY = '示例数据仅供查看，不能添加或修改监控';
export const EXAMPLE_NO_EXPORT = '示例数据不支持导出';
/** The empty views' offer. */
export const EXAMPLE_OFFER = '查看示例数据';

/** Whether the page is opened in the example mode. */
export function useExampleMode(): boolean {
  const [params] = useSearchParams();
  return params.get('type') === 'example';
}

/** A monitoring page's path in the example mode. */
export const examplePath = (path: string) => `${path}${path.includes('?') ? '&' : '?'}type=example`;

/** The pages the example shows, in the order a user reads them. */
const EXAMPLE_PAGES = [
  ['/dataMarketNew', '作品排名看板'],
  ['/dailyPaper', '数据日报'],
  ['/keyWordDetailMonitor', '关键词排名'],
  ['/keyWordScreen', '数据大屏'],
] as const;

export type ExamplePage = (typeof EXAMPLE_PAGES)[number][0];

/** The 示例数据 label beside a page's title. */
export function ExampleTag() {
  return (
    <Tag color="orange" className="mon-example__tag" data-testid="monitor-example-tag">
      {EXAMPLE_LABEL}
    </Tag>
  );
}

/** Above an example page: the demo banner, what the data is, the other example pages and the way back. */
export function ExampleNotice({ current }: { current: ExamplePage }) {
  return (
    <div className="mon-example" data-testid="monitor-example-notice">
      <DemoBanner />
      <div className="mon-example__bar">
        <span className="mon-muted">
          示例账号近{monitoringLimits.exampleDays}天的排名监控（演示作品与关键词），{EXAMPLE_READ_ONLY}。
        </span>
        <nav className="mon-example__links" aria-label="示例页面">
          {EXAMPLE_PAGES.map(([path, label]) =>
            path === current ? (
              <b key={path} aria-current="page">
                {label}
              </b>
            ) : (
              <Link key={path} to={examplePath(path)}>
                {label}
              </Link>
            ),
          )}
          <Link to={current} className="mon-example__back">
            返回我的监控
          </Link>
        </nav>
      </div>
    </div>
  );
}

/** In a view with nothing monitored yet: the way to the same page's example. */
export function ExampleOffer({ path }: { path: ExamplePage }) {
  const navigate = useNavigate();
  return (
    <Button type="primary" ghost icon={<EyeOutlined />} onClick={() => navigate(examplePath(path))}>
      {EXAMPLE_OFFER}
    </Button>
  );
}
