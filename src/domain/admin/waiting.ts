import { formatNumber } from '../format';
/**
 * How long an application has waited for us, as the list's Waiting column says it
 * (docs/product/back-office.md#waiting-for-us): 'Under an hour', '5 hours' up to two
 * days, then whole days ('3 days'). Rounded down: a queue that says '2 days' has not
 * yet waited three.
 */
export function waitingAge(since: string | Date, now: number = Date.now()): string {
  const hours = Math.floor(Math.max(0, now - new Date(since).getTime()) / 3_600_000);
  if (hours < 1) return 'Under an hour';
  if (hours < 48) return hours === 1 ? '1 hour' : `${hours} hours`;
  return `${formatNumber(Math.floor(hours / 24))} days`;
}
