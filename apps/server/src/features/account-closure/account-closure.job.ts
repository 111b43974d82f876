import type { Providers } from '../../providers';
import { type JobHandlers, PermanentJobError } from '../jobs';
import { ACCOUNT_CLOSURE_ERASE_JOB, eraseClosedAccount } from './account-closure.service';

/** The erasure job of 注销账号; it needs the payment gateways (to end a 连续包月) and DATA_DIR (uploads). */
export function accountClosureJobHandlers(deps: {
  providers: Pick<Providers, 'payment'>;
  dataDir: string;
}): JobHandlers {
  return {
    async [ACCOUNT_CLOSURE_ERASE_JOB](payload, { db, log }) {
      const closureId = (payload as { closureId?: unknown } | null)?.closureId;
      if (typeof closureId !== 'number') throw new PermanentJobError('closureId missing');
      const payment = { db, providers: deps.providers, log };
      const erased = await eraseClosedAccount({ payment, dataDir: deps.dataDir }, closureId, new Date());
      if (erased) log.info({ closureId }, 'closed account erased');
    },
  };
}
