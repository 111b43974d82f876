import { fileURLToPath } from 'node:url';
import { buildApp } from '@dso/server';
import { loadConfig } from '@dso/server/config';
import { createTestDatabase } from '@dso/server/testing';

export const webDist = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));

/**
 * The configuration every journey's server runs with: the built web app, quiet logs, and an
 * operator's site details (footer, contact dialog) as an installation would set them.
 */
export function journeyConfig(variables: Record<string, string> = {}) {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SITE_COMPANY_NAME: '杭州示例网络科技有限公司',
      SITE_PHONE: '0571-88888888',
      SITE_EMAIL: 'support@example.cn',
      SITE_ICP: '浙ICP备00000000号-1',
      SITE_OFFICIAL_ACCOUNT_URL: 'https://mp.weixin.qq.com/example',
      SITE_SUPPORT_WECHAT_URL: 'https://work.weixin.qq.com/kfid/example',
      ...variables,
    }),
    webDist,
  };
}

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/** The real server with the built web app on a free port and a fresh database. */
export async function startServer(): Promise<RunningServer> {
  const database = await createTestDatabase();
  const config = journeyConfig();
  const app = await buildApp({ config, database, logger: false });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url: address,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
