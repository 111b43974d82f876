import { smsOutbox } from '../../db/schema';
import { codeMessage, type SendCodeInput, type SmsProvider, type SmsProviderDeps } from './index';

/** Sends nothing: writes the message to the outbox table and the log, so a developer can read the code. */
export function createSandboxSms({ db, log }: SmsProviderDeps): SmsProvider {
  return {
    name: 'sandbox',
    async sendCode(input: SendCodeInput) {
      const content = codeMessage(input);
      const [row] = await db
        .insert(smsOutbox)
        .values({ phone: input.phone, purpose: input.purpose, provider: 'sandbox', content })
        .returning({ id: smsOutbox.id });
      log.info({ phone: input.phone, purpose: input.purpose, code: input.code }, 'sandbox SMS written to the outbox');
      return { messageId: `sandbox-${row?.id}` };
    },
  };
}
