import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const optionalUrl = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.url({ message: '必须是合法的 URL' }).optional(),
);

/** Every environment variable the server reads, with its default (see `.env.example`). */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  PUBLIC_URL: z.url().default('http://localhost:8080'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEMO: booleanFlag.default(true),
  MAX_SESSIONS_PER_USER: z.coerce.number().int().min(1).max(100).default(3),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  WEB_DIST: z.string().optional(),
  SMS_PROVIDER: z.enum(['sandbox', 'aliyun']).default('sandbox'),
  WECHAT_PROVIDER: z.enum(['sandbox', 'official']).default('sandbox'),
  PAY_PROVIDER: z.enum(['sandbox', 'alipay', 'wxpay']).default('sandbox'),
  LLM_PROVIDER: z.enum(['sandbox', 'openai']).default('sandbox'),
  STT_PROVIDER: z.enum(['sandbox', 'openai']).default('sandbox'),
});

export type Env = z.infer<typeof envSchema>;

export interface AppConfig {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  publicUrl: string;
  logLevel: Env['LOG_LEVEL'];
  demo: boolean;
  /** Live sessions a user may hold; a newer login kicks the oldest (803 on its next request). */
  maxSessionsPerUser: number;
  sessionTtlMs: number;
  /** Built web app to serve; absent in route tests. */
  webDist: string | undefined;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment; throws one error listing every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`));
  }
  const env = parsed.data;
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    publicUrl: env.PUBLIC_URL,
    logLevel: env.LOG_LEVEL,
    demo: env.DEMO,
    maxSessionsPerUser: env.MAX_SESSIONS_PER_USER,
    sessionTtlMs: env.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
    webDist: env.WEB_DIST ? path.resolve(env.WEB_DIST) : undefined,
  };
}
