import { addDays, parseTime } from '@dso/domain';

/** The instants an Asia/Shanghai day (YYYY-MM-DD, already validated) spans: [its midnight, the next one). */
export function shanghaiDaySpan(day: string): [Date, Date] {
  return [new Date(parseTime(day) ?? Number.NaN), new Date(parseTime(addDays(day, 1)) ?? Number.NaN)];
}
