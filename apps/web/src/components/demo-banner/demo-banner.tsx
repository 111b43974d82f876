import { InfoCircleFilled, RightOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { PAY_PATH } from '../upgrade-block/upgrade-link-button';
import '../components.css';

/** The demo-data notice (000 §2.7, 002 §2). */
export const DEMO_BANNER_TEXT = '当前为示例数据，想要查看更多数据可选择升级会员';

export interface DemoBannerProps {
  className?: string;
}

/**
 * The demo-data banner (000 §2.7, 002 §2): 当前为示例数据，想要查看更多数据可选择升级会员, the whole bar a
 * link to /pay. Shown on sample detail pages (query type=example) and lists of sample rows.
 */
export function DemoBanner({ className }: DemoBannerProps) {
  return (
    <Link to={PAY_PATH} className={['dso-demo-banner', className].filter(Boolean).join(' ')}>
      <InfoCircleFilled className="dso-demo-banner__icon" aria-hidden />
      <span className="dso-demo-banner__text">{DEMO_BANNER_TEXT}</span>
      <span className="dso-demo-banner__action" aria-hidden="true">
        去升级
        <RightOutlined />
      </span>
    </Link>
  );
}
