import type { FastifyBaseLogger } from 'fastify';
import type { NotificationMessage, NotificationProvider, NotificationTarget } from './index';

/** The sandbox with what it was asked to send (tests and developers read it). */
export interface SandboxNotification extends NotificationProvider {
  /** The latest messages it would have sent, oldest first (at most {@link KEPT}). */
  readonly sent: Array<{ target: NotificationTarget; message: NotificationMessage; at: Date }>;
}

const KEPT = 200;

/**
 * Sends nothing out: alerts show in the in-app list only. Each message is logged (the key masked) and kept in
 * memory, so a developer can see what a group would have received. Production refuses the sandbox.
 */
export function createSandboxNotification(deps: { log?: FastifyBaseLogger } = {}): SandboxNotification {
  const sent: SandboxNotification['sent'] = [];
  return {
    name: 'sandbox',
    pushes: false,
    sent,
    async send(target, message) {
      sent.push({ target, message, at: new Date() });
      if (sent.length > KEPT) sent.splice(0, sent.length - KEPT);
      deps.log?.info(
        { key: `****${target.webhookKey.slice(-4)}`, markdown: message.markdown },
        'sandbox notification kept in the in-app list only',
      );
    },
  };
}
