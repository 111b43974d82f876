import { CrownFilled, CrownOutlined, GiftOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { useDialogs } from '../../stores/dialogs';
import { useSession } from '../../stores/session';
import { useGatedNavigate } from '../login-gate';
import { planName } from './membership';
import { UserMenu } from './user-menu';

/** Right side of the header (000 §2.5): visitor actions, or the member button/badge and the user menu. */
export function HeaderAccount() {
  const token = useSession((state) => state.token);
  const userInfo = useSession((state) => state.userInfo);
  const openDialog = useDialogs((state) => state.openDialog);
  const navigate = useNavigate();
  const goOrLogin = useGatedNavigate();

  if (!token) {
    return (
      <div className="header-account">
        <button type="button" className="gold-button" onClick={() => goOrLogin('/pay')}>
          <GiftOutlined />
          领取个人版
        </button>
        <Button type="primary" onClick={() => openDialog('login')} data-testid="header-login">
          登录/注册
        </Button>
      </div>
    );
  }
  return (
    <div className="header-account">
      {userInfo?.grade === 'FREE' && (
        <button type="button" className="gold-button" onClick={() => void navigate('/pay')}>
          <CrownOutlined />
          会员权益
        </button>
      )}
      {userInfo && userInfo.grade !== 'FREE' && (
        <button type="button" className="plan-badge" onClick={() => void navigate('/pay')} data-testid="plan-badge">
          <CrownFilled />
          {planName(userInfo)}
        </button>
      )}
      <UserMenu userInfo={userInfo} />
    </div>
  );
}
