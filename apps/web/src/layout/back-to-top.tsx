import { FloatButton } from 'antd';

export function BackToTop({ scrollContainerId }: { scrollContainerId: string | null }) {
  return (
    <FloatButton.BackTop
      target={scrollContainerId ? () => document.getElementById(scrollContainerId) ?? window : () => window}
    />
  );
}
