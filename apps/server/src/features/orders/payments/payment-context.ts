import { OrderPath } from '@dso/contract';
import type { AppConfig } from '../../../config';
import type { Database } from '../../../db/client';
import type { Providers } from '../../../providers';
import type { PayChannel, PaymentGateway } from '../../../providers/payment/index';

/** The logging the payment functions do (a request's logger or a job's). */
export interface PaymentLog {
  info(data: Record<string, unknown>, message: string): void;
  warn(data: Record<string, unknown>, message: string): void;
  error(data: Record<string, unknown>, message: string): void;
}

/** What the payment functions need: the database, the gateways, and where vendors reach us. */
export interface PaymentContext {
  db: Database;
  providers: Pick<Providers, 'payment'>;
  config: Pick<AppConfig, 'publicUrl'>;
  log: PaymentLog;
  /** The address the asking browser reached (https://host:port), used when PUBLIC_URL is unset. */
  origin: string;
}

export function gatewayOf(context: PaymentContext, channel: PayChannel): PaymentGateway {
  return channel === 'wechat' ? context.providers.payment.wechat : context.providers.payment.alipay;
}

/** The gateways answering notifications at a provider's callback path. */
export function gatewaysOfProvider(context: Pick<PaymentContext, 'providers'>, provider: string): PaymentGateway[] {
  const { alipay, wechat } = context.providers.payment;
  return [alipay, wechat].filter((gateway) => gateway.provider === provider);
}

const notifyPaths: Record<PaymentGateway['provider'], string> = {
  sandbox: OrderPath.notifySandbox,
  alipay: OrderPath.notifyAlipay,
  wechatpay: OrderPath.notifyWechat,
};

/** Where a gateway's vendor posts notifications: PUBLIC_URL, else the address the browser used. */
export function notifyUrlOf(context: PaymentContext, gateway: PaymentGateway): string {
  const base = (context.config.publicUrl ?? context.origin).replace(/\/+$/, '');
  return `${base}${notifyPaths[gateway.provider]}`;
}
