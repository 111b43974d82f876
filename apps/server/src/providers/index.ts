import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import type { SmsProvider } from './sms/index';
import { createSandboxSms } from './sms/sandbox';

/** Every outside service the server talks to, each behind its interface. */
export interface Providers {
  sms: SmsProvider;
}

export interface ProviderContext {
  config: AppConfig;
  db: Database;
  log: FastifyBaseLogger;
}

/** Picks each provider by configuration; the sandboxes are the defaults. */
export function createProviders({ db, log }: ProviderContext): Providers {
  return {
    sms: createSandboxSms({ db, log }),
  };
}
