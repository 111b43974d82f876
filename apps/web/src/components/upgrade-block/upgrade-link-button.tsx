import { CrownFilled } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import '../components.css';

/** The pay page every upgrade link leads to (000 §2.3). */
export const PAY_PATH = '/pay';

interface UpgradeLinkButtonProps {
  children: ReactNode;
  size?: 'small' | 'middle' | 'large';
}

/** The gold upgrade button that goes to /pay within the app. */
export function UpgradeLinkButton({ children, size = 'middle' }: UpgradeLinkButtonProps) {
  const navigate = useNavigate();
  return (
    <Button
      className="dso-upgrade-button"
      shape="round"
      size={size}
      icon={<CrownFilled aria-hidden />}
      onClick={() => void navigate(PAY_PATH)}
    >
      {children}
    </Button>
  );
}
