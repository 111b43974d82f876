import { ClockCircleOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { useRouteMeta } from '../../../app/after-navigation';

/** The page of a route whose feature is not built yet: says so honestly, inside the real layout. */
export default function ComingPage() {
  const meta = useRouteMeta();
  const name = meta?.title.replace(/ - DSO$/, '') ?? '该功能';
  return (
    <div className="page-narrow" data-testid="coming-page">
      <Result
        icon={<ClockCircleOutlined style={{ color: 'var(--dso-brand)' }} />}
        title={`${name}即将上线`}
        subTitle={
          meta?.description ? `${meta.description} 我们正在加紧开发，敬请期待。` : '我们正在加紧开发，敬请期待。'
        }
        extra={
          <Button type="primary">
            <Link to="/">返回首页</Link>
          </Button>
        }
      />
    </div>
  );
}
