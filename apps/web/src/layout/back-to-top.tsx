import { VerticalAlignTopOutlined } from '@ant-design/icons';
import { FloatButton } from 'antd';

/** Back-to-top button; infinite-scroll pages scroll their app container instead of the window. */
export function BackToTop({ scrollContainerId }: { scrollContainerId: string | null }) {
  return (
    <FloatButton.BackTop
      className="back-to-top"
      type="primary"
      icon={<VerticalAlignTopOutlined />}
      tooltip="回到顶部"
      visibilityHeight={480}
      target={scrollContainerId ? () => document.getElementById(scrollContainerId) ?? window : () => window}
    />
  );
}
