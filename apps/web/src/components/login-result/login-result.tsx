import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { openLoginDialog } from '../upgrade-block/upgrade-actions';

export interface LoginResultProps {
  /** What logging in shows here. */
  title: ReactNode;
  subTitle?: ReactNode;
}

/** A whole page's stand-in for a visitor: what logging in gives, and 立即登录 opening the login dialog. */
export function LoginResult({ title, subTitle }: LoginResultProps) {
  return (
    <Result
      status="info"
      title={title}
      subTitle={subTitle}
      extra={
        <Button type="primary" onClick={openLoginDialog}>
          立即登录
        </Button>
      }
    />
  );
}
