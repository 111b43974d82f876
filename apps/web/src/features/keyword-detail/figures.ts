/** A YYYY-MM-DD date as the charts label their days: '11-20'. */
export function shortDay(day: string): string {
  const match = /^\d{4}-(\d{2})-(\d{2})/.exec(day);
  return match ? `${match[1]}-${match[2]}` : day;
}
