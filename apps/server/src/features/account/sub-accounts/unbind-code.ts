import type { Database } from '../../../db/client';
import { consumeCode } from '../sms/sms-code.service';

/**
 * Checks and uses up the SMS code of purpose `unbind` (api type 5) sent to the child's phone. The sms
 * part issues, stores and checks codes; a wrong or spent code answers 300 with its reason.
 */
export async function verifyUnbindCode(db: Database, options: { phone: string; code: string }): Promise<void> {
  await consumeCode({ db, phone: options.phone, purpose: 'unbind', code: options.code });
}
