import { Code } from '@dso/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { RateLimitStore } from '../../lib/rate-limit';
import { accountLimits } from './account.limits';

const blockKey = (ip: string) => `ip-block:${ip}`;

/** 661 for an address shut out after going over its daily SMS limit (访问过于频繁，24小时后可继续访问哦). */
export async function assertIpAllowed(store: RateLimitStore, ip: string) {
  if ((await store.blockedFor(blockKey(ip))) > 0) throw new AppError(Code.IP_BUSY);
}

/** A preHandler for the login calls an address shut out for 24 h may not make (661). */
export function guardIp(store: RateLimitStore) {
  return async (request: FastifyRequest) => assertIpAllowed(store, request.ip);
}

export async function blockIp(store: RateLimitStore, ip: string) {
  await store.block(blockKey(ip), accountLimits.sms.ipBlockMs);
}
