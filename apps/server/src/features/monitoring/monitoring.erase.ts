import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { monitorAlertSettings, monitorAlerts, monitorItems, monitorUserDays } from '../../db/schema';

/**
 * 注销账号: the account's monitored keywords and works (their checks and alerts go with them), its
 * alert settings (the 企业微信 webhook) and its dashboard roll-ups. Rankings of keywords stay: they
 * are the platform's data, shared by every user who watches the word. Idempotent.
 */
export async function eraseMonitoringOf(db: Database, userId: number): Promise<void> {
  await db.delete(monitorAlerts).where(eq(monitorAlerts.userId, userId));
  await db.delete(monitorItems).where(eq(monitorItems.userId, userId));
  await db.delete(monitorAlertSettings).where(eq(monitorAlertSettings.userId, userId));
  await db.delete(monitorUserDays).where(eq(monitorUserDays.userId, userId));
}
