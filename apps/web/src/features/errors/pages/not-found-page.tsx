import { Button, Result } from 'antd';
import { Link } from 'react-router';

export default function NotFoundPage() {
  return (
    <div className="page-narrow">
      <Result
        status="404"
        title="页面不存在"
        subTitle="您访问的页面不存在或已被移除，去首页看看吧。"
        extra={
          <Button type="primary">
            <Link to="/">返回首页</Link>
          </Button>
        }
      />
    </div>
  );
}
