import { AccountPath, type BindWxResult } from '@dso/contract';
import { getQuery } from '../../../lib/api/get-query';

/** `GET /api/user/bind_wx`: whether a WeChat account is bound for QR login. */
export const wechatBindingQuery = () => getQuery<BindWxResult>(['setting', 'wechat-binding'], AccountPath.bindWx);
