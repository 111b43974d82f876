import {
  type MonitorAlert,
  type MonitorAlertList,
  type MonitorAlertListQuery,
  type MonitorAlertReadBody,
  type MonitorAlertSetting,
  type MonitorAlertSettingBody,
  monitorAlertMessages,
} from '@dso/contract';
import { isBigMove, rankMove } from '@dso/domain';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { isoOf } from '../../lib/iso-of';
import { pageWindow } from '../../lib/page-window';
import {
  maskWebhookKey,
  NotificationError,
  type NotificationProvider,
  parseWebhookKey,
} from '../../providers/notification/index';
import { WECOM_MARKDOWN_MAX_BYTES } from '../../providers/notification/wecom';
import { enqueueJob, type JobHandlers } from '../jobs';
import * as repository from './monitor-alerts.repository';

/**
 * 排名预警 (docs/monitoring.md, "Alerts"). After a check job records its items, every work item whose move
 * between its last two successful checks is big (`isBigMove`) gets one alert for the day, in the user's in-app
 * list; the unique (item, day) makes that idempotent under retries and two workers. For users who turned on
 * 企业微信 push, the new alerts wait as 'pending' and a push job (one queued per user at a time, started a
 * minute later so one round's alerts go as one message) sends them as one markdown digest through the
 * notification provider. A push that fails is retried by the queue and then recorded as failed on the alert;
 * it never fails the check round, which only writes rows.
 */

export const MONITOR_ALERT_PUSH_JOB = 'monitoring.alert_push';
/** Lets the rest of a round's checks land before a user's digest goes out (企业微信 takes 20 messages a minute). */
export const ALERT_PUSH_DELAY_MS = 60_000;
const PUSH_MAX_ATTEMPTS = 4;
/** The alert's push error when the last attempt failed other than by 企业微信's answer or the network. */
export const PUSH_ERROR_UNEXPECTED = '推送时出错，请稍后在「企业微信推送」中测试';

/**
 * Creates the day's alerts of big moves among `itemIds` (checked on `day`). A work's first successful check is
 * not a move (nothing to compare), and a failed check is never compared. Returns the number of alerts created.
 */
export async function createBigMoveAlerts(
  db: Database,
  options: { day: string; itemIds: number[]; now?: Date },
): Promise<number> {
  const candidates = await repository.selectMoveCandidates(db, options.day, options.itemIds);
  const moves = candidates.filter((row) => row.has_previous && isBigMove(row.previous_rank, row.rank));
  if (moves.length === 0) return 0;
  return db.transaction(async (tx) => {
    const pushing = await repository.selectPushingUsers(tx, [...new Set(moves.map((row) => row.user_id))]);
    const alerts: repository.NewAlert[] = [];
    for (const row of moves) {
      const move = rankMove(row.previous_rank, row.rank);
      if (move.kind === 'same' || move.kind === 'none') continue;
      alerts.push({
        userId: row.user_id,
        itemId: row.item_id,
        day: options.day,
        keyword: row.keyword,
        awemeId: row.aweme_id,
        workTitle: row.work_title,
        kind: move.kind,
        previousRank: row.previous_rank,
        rank: row.rank,
        push: pushing.has(row.user_id),
      });
    }
    const toPush = await repository.insertAlerts(tx, alerts);
    // Queued in the same transaction as the pending alerts, so a pending alert always has a job to send it.
    const runAfter = new Date((options.now ?? new Date()).getTime() + ALERT_PUSH_DELAY_MS);
    for (const userId of toPush) {
      await enqueueJob(tx, {
        kind: MONITOR_ALERT_PUSH_JOB,
        payload: { userId },
        runAfter,
        singletonKey: `user:${userId}`,
        maxAttempts: PUSH_MAX_ATTEMPTS,
      });
    }
    return alerts.length;
  });
}

function toAlert(row: repository.AlertRow): MonitorAlert {
  return {
    id: row.id,
    item_id: row.item_id,
    day: row.day,
    keyword: row.keyword,
    aweme_id: row.aweme_id,
    work_title: row.work_title,
    kind: row.kind,
    previous_rank: row.previous_rank,
    rank: row.rank,
    read: row.read_at !== null,
    // A claimed push is still on its way as far as the user can tell.
    push_status: row.push_status === 'sending' ? 'pending' : row.push_status,
    push_error: row.push_error,
    created_at: isoOf(row.created_at),
  };
}

export async function listAlerts(
  db: Database,
  userId: number,
  query: MonitorAlertListQuery,
): Promise<MonitorAlertList> {
  const { total, unread } = await repository.countAlerts(db, userId);
  const rows = await repository.selectAlerts(db, userId, {
    ...pageWindow(query),
    unreadOnly: query.unread === true,
  });
  return { total_record: query.unread ? unread : total, unread, result: rows.map(toAlert) };
}

export async function readAlerts(db: Database, userId: number, body: MonitorAlertReadBody) {
  await repository.markAlertsRead(db, userId, body.all ? 'all' : (body.ids ?? []));
  return { unread: (await repository.countAlerts(db, userId)).unread };
}

export async function alertSetting(
  db: Database,
  userId: number,
  notification: NotificationProvider,
): Promise<MonitorAlertSetting> {
  const row = await repository.selectSetting(db, userId);
  return {
    wecom_enabled: row?.wecom_enabled ?? false,
    webhook_hint: maskWebhookKey(row?.wecom_key ?? ''),
    push_available: notification.pushes,
  };
}

/** Saves the push setting: a new webhook replaces the saved key; turning on needs a key. */
export async function saveAlertSetting(
  db: Database,
  userId: number,
  body: MonitorAlertSettingBody,
  notification: NotificationProvider,
): Promise<MonitorAlertSetting> {
  const saved = await repository.selectSetting(db, userId);
  let key = saved?.wecom_key ?? '';
  if (body.webhook) {
    const parsed = parseWebhookKey(body.webhook);
    if (!parsed) throw AppError.badRequest(monitorAlertMessages.webhookInvalid);
    key = parsed;
  }
  if (body.wecom_enabled && !key) throw AppError.badRequest(monitorAlertMessages.webhookMissing);
  await repository.upsertSetting(db, userId, { wecom_enabled: body.wecom_enabled, wecom_key: key });
  return alertSetting(db, userId, notification);
}

/** Sends a test message to the saved robot; 企业微信's refusal (a wrong key, say) comes back as a toast. */
export async function testAlertSetting(
  db: Database,
  userId: number,
  notification: NotificationProvider,
): Promise<string> {
  const key = (await repository.selectSetting(db, userId))?.wecom_key ?? '';
  if (!key) throw AppError.badRequest(monitorAlertMessages.webhookMissing);
  try {
    await notification.send(
      { webhookKey: key },
      { markdown: '**DSO 排名预警**\n> 这是一条测试消息：关键词监控的作品排名大幅变化时，预警会发送到这个群。' },
    );
  } catch (error) {
    if (error instanceof NotificationError) throw AppError.toast(error.message);
    throw error;
  }
  return notification.pushes ? monitorAlertMessages.testSent : monitorAlertMessages.testSandbox;
}

/** Keeps a title from breaking 企业微信's markdown (links, bold, font tags) and the line layout. */
function plain(text: string, max: number): string {
  const clean = text
    .replace(/[\r\n]+/g, ' ')
    .replace(/[<>[\]*`#]/g, ' ')
    .trim();
  return [...clean].length > max ? `${[...clean].slice(0, max).join('')}…` : clean;
}

function rankText(rank: number | null): string {
  return rank === null ? '未上榜' : `第${rank}名`;
}

/** One alert as a digest line; rises in 企业微信's red (warning), falls in its green (info), the Chinese convention. */
export function alertLine(
  alert: Pick<MonitorAlert, 'keyword' | 'work_title' | 'aweme_id' | 'previous_rank' | 'rank' | 'kind'>,
) {
  const move = rankMove(alert.previous_rank, alert.rank);
  const label =
    move.kind === 'up'
      ? `<font color="warning">↑${move.delta}</font>`
      : move.kind === 'down'
        ? `<font color="info">↓${move.delta}</font>`
        : move.kind === 'new'
          ? '<font color="warning">新上榜</font>'
          : '<font color="info">掉榜</font>';
  const work = plain(alert.work_title, 24) || alert.aweme_id;
  return `> ${plain(alert.keyword, 30)} · ${work}：${rankText(alert.previous_rank)} → ${rankText(alert.rank)} ${label}`;
}

/**
 * The digest of a user's alerts as one markdown message within 企业微信's 4096 bytes: as many lines as fit, then
 * how many more are in the in-app list.
 */
export function alertDigest(alerts: repository.AlertRow[], link: string | null): string {
  const days = [...new Set(alerts.map((alert) => alert.day))].sort();
  const head = `**关键词排名预警**（${days.join('、')}）\n共 ${alerts.length} 个作品排名大幅变化\n`;
  const tail = (more: number) =>
    `${more > 0 ? `\n另有 ${more} 条预警未列出` : ''}${link ? `\n[在 DSO 查看全部预警](${link})` : '\n请登录 DSO 在「排名预警」中查看'}`;
  const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
  const lines: string[] = [];
  for (const [index, alert] of alerts.entries()) {
    const line = alertLine(alert);
    const more = alerts.length - index - 1;
    if (bytes(head + [...lines, line].join('\n') + tail(more)) > WECOM_MARKDOWN_MAX_BYTES) break;
    lines.push(line);
  }
  return head + lines.join('\n') + tail(alerts.length - lines.length);
}

/**
 * Pushes a user's waiting alerts as one digest (the push job; tests call it directly). A refusal, or the last
 * attempt's failure, is recorded on the alerts as failed; earlier retryable failures throw so the queue retries.
 */
export async function pushAlerts(
  db: Database,
  deps: { notification: NotificationProvider; publicUrl: string | undefined },
  options: { userId: number; claim: string; lastAttempt: boolean },
): Promise<'sent' | 'failed' | 'off' | 'nothing'> {
  const alerts = await repository.claimPushAlerts(db, options.userId, options.claim);
  if (alerts.length === 0) return 'nothing';
  const ids = alerts.map((alert) => alert.id);
  const setting = await repository.selectSetting(db, options.userId);
  if (!setting?.wecom_enabled || !setting.wecom_key) {
    // Turned off after the alerts were made: they stay in the in-app list only.
    await repository.finishPush(db, ids, options.claim, { status: 'none' });
    return 'off';
  }
  const link = deps.publicUrl ? `${deps.publicUrl.replace(/\/+$/, '')}/dataMarketNew` : null;
  try {
    await deps.notification.send({ webhookKey: setting.wecom_key }, { markdown: alertDigest(alerts, link) });
  } catch (error) {
    const known = error instanceof NotificationError;
    const refused = known && !error.isRetryable;
    if (!refused && !options.lastAttempt) throw error;
    // A refusal, or the last attempt failing in any way: otherwise the alerts would show 待推送 for good.
    await repository.finishPush(db, ids, options.claim, {
      status: 'failed',
      error: known ? error.message : PUSH_ERROR_UNEXPECTED,
    });
    // An unexpected error still fails the job, so its log and last_error keep what happened.
    if (!known) throw error;
    return 'failed';
  }
  await repository.finishPush(db, ids, options.claim, { status: 'sent' });
  return 'sent';
}

/** The push job, given the notification provider and where the product is reached (for the digest's link). */
export function monitorAlertJobHandlers(deps: {
  notification: NotificationProvider;
  publicUrl: string | undefined;
}): JobHandlers {
  return {
    async [MONITOR_ALERT_PUSH_JOB](payload, { db, job, log }) {
      const userId = Number((payload as { userId?: unknown } | null)?.userId);
      if (!Number.isSafeInteger(userId) || userId < 1) return;
      const outcome = await pushAlerts(db, deps, {
        userId,
        claim: `job:${job.id}`,
        lastAttempt: job.attempts >= job.maxAttempts,
      });
      if (outcome === 'failed') log.warn({ userId }, 'monitoring alert push failed');
      else log.info({ userId, outcome }, 'monitoring alerts pushed');
    },
  };
}
