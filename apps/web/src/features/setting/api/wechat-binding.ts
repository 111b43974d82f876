import { AccountPath, type BindWxResult } from '@dso/contract';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';

/** `GET /api/user/bind_wx`: whether a WeChat account is bound for QR login. */
export const wechatBindingQuery = () =>
  queryOptions({
    queryKey: ['setting', 'wechat-binding'] as const,
    queryFn: ({ signal }) => request<BindWxResult>(AccountPath.bindWx, { signal }),
  });
