import { formatTime } from '@dso/domain';

/** A date of the data ('YYYY-MM-DD'), or -- when missing. */
export function formatDay(value: string | null | undefined): string {
  return formatTime(value, 'YYYY-MM-DD');
}
