import type { ConsoleChannel } from '@dso/contract';
import { formatTime, gradeNames, isGrade, shanghaiDay } from '@dso/domain';
import dayjs, { type Dayjs } from 'dayjs';

/**
 * Today's Shanghai calendar day as a date picker's value: the console's days are Shanghai days (the server's order
 * days and reconciliation), whatever zone the browser is in (dayjs with no argument is the browser's today).
 */
export const shanghaiToday = (): Dayjs => dayjs(shanghaiDay());

/** An instant in Unix seconds as the console shows it (Asia/Shanghai); — for none. */
export const timeText = (seconds: number | null | undefined) =>
  seconds ? formatTime(seconds * 1000, 'YYYY-MM-DD HH:mm') : '—';

/** A grade code with its Chinese name (SVIP → 企业版 (SVIP)). */
export const gradeText = (grade: string) => (isGrade(grade) ? `${gradeNames[grade]}（${grade}）` : grade);

/** Fen as yuan. */
export const yuanText = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

/** Yuan as typed in a form (up to two decimals) as integer fen, the API's money. */
export const fenOfYuan = (yuan: number) => Math.round(yuan * 100);

/** Fen as the number a yuan field shows. */
export const yuanOfFen = (fen: number) => fen / 100;

/** How a payment channel reads in the console. */
export const channelNames: Record<ConsoleChannel, string> = { alipay: '支付宝', wechat: '微信支付' };

/** A channel as the console names it: an unknown code as it came, none as `none` (— unless told). */
export const channelText = (channel: string | null | undefined, none = '—') =>
  channel ? (channelNames[channel as ConsoleChannel] ?? channel) : none;
