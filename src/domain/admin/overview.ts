import { z } from 'zod';
import { safeIsoDateTime, safeString } from '../safe-text';

/**
 * The homes' part of the back office's overview (docs/product/back-office.md#overview): the homes with a month
 * overdue — a charge not paid in full after its due date plus the settings' grace period — the oldest first, and
 * the homeowners' requests waiting for staff (payment changes to decide, 60-day notices in progress, fee waivers).
 */

/** How many overdue homes the overview names (the rest are one click away in Payments). */
export const OVERVIEW_OVERDUE_HOMES = 5;

export const overviewOverdueHomeSchema = z.object({
  homeId: safeString(),
  address: safeString(),
  ownerName: safeString(),
  overdueCents: z.number().int(),
  /** The oldest unpaid due date, YYYY-MM-DD. */
  oldestDueOn: safeString(),
});

export const overviewHomesSchema = z.object({
  /** The grace period the overdue count used (the settings' graceDays). */
  graceDays: z.number().int(),
  overdueHomes: z.number().int(),
  overdue: z.array(overviewOverdueHomeSchema),
  waiting: z.object({ paymentChanges: z.number().int(), notices: z.number().int(), feeWaivers: z.number().int() }),
});
export type OverviewHomes = z.output<typeof overviewHomesSchema>;

/** Since when the oldest application waiting for us has waited (ISO 8601), or null when none waits. */
export const oldestWaitingSchema = safeIsoDateTime('An ISO 8601 date-time').nullable();
