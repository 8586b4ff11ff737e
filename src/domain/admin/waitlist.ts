import { z } from 'zod';
import { emailSchema } from '../auth';
import { BUYING_TIMELINES, HOME_TYPES, HOUSING_STATUSES, labelOf, PRICE_RANGES, PRIORITIES } from '../waitlist';
import { listParamsSchema } from './lists';
import { optionalPhoneSchema, optionalStateSchema } from './users';
import { personName, safeIsoDateTime, safeString } from '../safe-text';

/**
 * The back office's waitlist (docs/product/back-office.md#waitlist,
 * docs/product/waitlist.md#admin-list): public submissions and applicants added
 * by staff in one list.
 */

/** interested_in is buying, refinancing or investing (docs/product/back-office.md#waitlist); public submissions list as buying (docs/product/waitlist.md#admin-list). */
export const INTERESTS = [
  { value: 'buying', label: 'Buying' },
  { value: 'refinancing', label: 'Refinancing' },
  { value: 'investing', label: 'Investing' },
] as const;
export type Interest = (typeof INTERESTS)[number]['value'];
const INTEREST_VALUES = INTERESTS.map((i) => i.value) as [Interest, ...Interest[]];

export const interestLabel = (value: string | null | undefined): string => (value ? labelOf(INTERESTS, value) : '');

export const INTEREST_FILTERS = [{ value: 'all', label: 'All Interests' }, ...INTERESTS] as const;
export type InterestFilter = (typeof INTEREST_FILTERS)[number]['value'];

export const WAITLIST_SORTS = ['created_at', 'name', 'email'] as const;
export type WaitlistSort = (typeof WAITLIST_SORTS)[number];

/** `GET /api/admin/waitlist` and its export. */
// One object (safeExtend keeps the dates' refinement), not an intersection: the OpenAPI document lists an object's fields as query parameters.
export const waitlistListParamsSchema = listParamsSchema(WAITLIST_SORTS, 'created_at').safeExtend({
  interest: z.enum(['all', ...INTEREST_VALUES], { error: 'Choose buying, refinancing or investing.' }).default('all'),
});
export type WaitlistListParams = z.output<typeof waitlistListParamsSchema>;

export const WAITLIST_SOURCES = ['public', 'admin'] as const;
export type WaitlistSource = (typeof WAITLIST_SOURCES)[number];

const dateTime = safeIsoDateTime('A date-time');
const optional = safeString().nullable();

/** One row of the list, in the staff-added applicants' shape (docs/product/back-office.md#waitlist; public rows mapped as docs/product/waitlist.md#admin-list says). */
export const waitlistApplicantSchema = z.object({
  id: safeString(),
  createdAt: dateTime,
  firstName: safeString(),
  lastName: safeString(),
  email: safeString(),
  phone: optional,
  interestedIn: z.enum(INTEREST_VALUES).nullable(),
  intendedState: optional,
  source: z.enum(WAITLIST_SOURCES),
  location: optional,
  timeline: optional,
  downPaymentRange: optional,
  monthlyPaymentRange: optional,
});
export type WaitlistApplicant = z.output<typeof waitlistApplicantSchema>;

/** Every stored field of one entry (the detail view), with the labels of its coded values. */
export const waitlistApplicantDetailSchema = waitlistApplicantSchema.extend({
  cityState: optional,
  homeType: optional,
  buyingTimeline: optional,
  priceRange: optional,
  downPayment: optional,
  priority: optional,
  housingStatus: optional,
  interests: optional,
  contactConsent: z.boolean(),
  clientTimestamp: dateTime.nullable(),
  receivedAt: dateTime,
  updatedAt: dateTime,
  submissionCount: z.number().int(),
  createdBy: optional,
  labels: z.object({
    interestedIn: optional,
    homeType: optional,
    buyingTimeline: optional,
    priceRange: optional,
    priority: optional,
    housingStatus: optional,
  }),
});
export type WaitlistApplicantDetail = z.output<typeof waitlistApplicantDetailSchema>;

const maybeLabel = (options: readonly { value: string; label: string }[], value: string | null) => (value ? labelOf(options, value) : null);

/** The labels of an entry's coded values (the option lists of docs/product/waitlist.md#fields). */
export function waitlistLabels(
  entry: Pick<WaitlistApplicantDetail, 'interestedIn' | 'homeType' | 'buyingTimeline' | 'priceRange' | 'priority' | 'housingStatus'>,
): WaitlistApplicantDetail['labels'] {
  return {
    interestedIn: maybeLabel(INTERESTS, entry.interestedIn),
    homeType: maybeLabel(HOME_TYPES, entry.homeType),
    buyingTimeline: maybeLabel(BUYING_TIMELINES, entry.buyingTimeline),
    priceRange: maybeLabel(PRICE_RANGES, entry.priceRange),
    priority: maybeLabel(PRIORITIES, entry.priority),
    housingStatus: maybeLabel(HOUSING_STATUSES, entry.housingStatus),
  };
}

/** The timeline a row shows: the admin's free text, or the label of the public form's buying timeline. */
export const timelineOf = (timeline: string | null, buyingTimeline: string | null): string | null =>
  timeline ?? (buyingTimeline ? labelOf(BUYING_TIMELINES, buyingTimeline) : null);

const optionalText = (label: string, max: number) => safeString().trim().max(max, `${label} must be at most ${max} characters`).optional();

/** Add Applicant (docs/product/back-office.md#waitlist): first name, last name and e-mail required; the rest optional. */
export const addApplicantSchema = z.object({
  firstName: personName('First name'),
  lastName: personName('Last name'),
  email: emailSchema,
  phone: optionalPhoneSchema.optional(),
  interestedIn: z.union([z.enum(INTEREST_VALUES), z.literal('')], { error: 'Choose buying, refinancing or investing' }).optional(),
  downPaymentRange: optionalText('Down payment range', 100),
  monthlyPaymentRange: optionalText('Monthly payment range', 100),
  location: optionalText('Location', 120),
  timeline: optionalText('Timeline', 200),
  intendedState: optionalStateSchema.optional(),
});
export type AddApplicantForm = z.input<typeof addApplicantSchema>;
export type AddApplicantInput = z.output<typeof addApplicantSchema>;

export const ADD_APPLICANT_EMPTY: Required<AddApplicantForm> = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  interestedIn: '',
  downPaymentRange: '',
  monthlyPaymentRange: '',
  location: '',
  timeline: '',
  intendedState: '',
};
