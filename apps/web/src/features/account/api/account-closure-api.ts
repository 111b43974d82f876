import { AccountClosurePath, type ClosureRequested } from '@dso/contract';
import { request } from '../../../lib/api/client';

/** `POST /api/user/close_account`: asks to close the account with the code sent to its phone. */
export function requestAccountClosure(code: string) {
  return request<ClosureRequested>(AccountClosurePath.closeAccount, { method: 'POST', body: { code } });
}
