import type { Providers } from '../../../providers';
import { type JobHandlers, PermanentJobError } from '../../jobs';
import { ACCOUNT_CLOSURE_ERASE_JOB, type ClosureHooks, eraseClosedAccount } from './closure.service';

/**
 * The erasure job of 注销账号; it needs the payment gateways (to end a 连续包月), DATA_DIR (uploads) and
 * the other features' erasure steps.
 */
export function accountClosureJobHandlers(deps: {
  providers: Pick<Providers, 'payment'>;
  dataDir: string;
  hooks: ClosureHooks;
}): JobHandlers {
  return {
    async [ACCOUNT_CLOSURE_ERASE_JOB](payload, { db, log }) {
      const closureId = (payload as { closureId?: unknown } | null)?.closureId;
      if (typeof closureId !== 'number') throw new PermanentJobError('closureId missing');
      const payment = { db, providers: deps.providers, log };
      const erased = await eraseClosedAccount({ payment, dataDir: deps.dataDir }, deps.hooks, closureId, new Date());
      if (erased) log.info({ closureId }, 'closed account erased');
    },
  };
}
