import { pageSchema } from '../admin/lists';
import { homeDetailSchema, homeListItemSchema, homeListSchema, purchaseSchema, purchaseStartSchema, valuationSchema } from '../homes/admin-homes';
import { defineRoute, idParamsSchema } from './route';

/**
 * The back office's homes (docs/decisions/022-homes-and-ledger.md): 'Record
 * purchase' from an approved application, the homes list, a home's record and its
 * valuations. Money in whole cents (src/domain/homes/admin-homes.ts).
 */
export const adminHomesApi = {
  purchaseStart: defineRoute({
    method: 'get',
    path: '/api/admin/applications/{id}/home',
    access: 'admin',
    summary:
      "What 'Record purchase' starts from: the home already recorded from the application (if any), whether one can be, and the form's defaults (the application's property, the settings' mortgage rate)",
    params: idParamsSchema,
    responses: { 200: { description: 'The home or the defaults of a new one', schema: purchaseStartSchema } },
  }),
  recordPurchase: defineRoute({
    method: 'post',
    path: '/api/admin/applications/{id}/home',
    access: 'admin',
    codes: ['home_exists', 'not_approved', 'offer_state'],
    summary:
      "Records the purchase of an approved application: the home and its agreement, the first term (month 1), the purchase's valuation, the buyer's role (homeowner, unless admin), the audit entry and the buyer's e-mail, in one transaction. With `offerId`, the home records the buyer's accepted offer it came from (409 offer_state when it is not one)",
    params: idParamsSchema,
    body: purchaseSchema,
    responses: { 201: { description: 'The home as its record shows it', schema: homeDetailSchema } },
    // 409 not_approved / home_exists / offer_state.
    errors: [409],
  }),
  list: defineRoute({
    method: 'get',
    path: '/api/admin/homes',
    access: 'admin',
    summary: 'One page of homes, newest first: search by address, name, e-mail or ID, state and date filters, sort',
    query: homeListSchema,
    responses: { 200: { description: 'A page of homes', schema: pageSchema(homeListItemSchema) } },
  }),
  export: defineRoute({
    method: 'get',
    path: '/api/admin/homes/export',
    access: 'admin',
    summary: 'CSV of the filtered homes (streamed; audited)',
    query: homeListSchema,
    responses: { 200: { description: 'The CSV of every home matching the filter', contentType: 'text/csv' } },
  }),
  detail: defineRoute({
    method: 'get',
    path: '/api/admin/homes/{id}',
    access: 'admin',
    summary: "A home's record: the agreement, its history of terms and its valuations",
    params: idParamsSchema,
    responses: { 200: { description: 'The home', schema: homeDetailSchema } },
  }),
  recordValuation: defineRoute({
    method: 'post',
    path: '/api/admin/homes/{id}/valuations',
    access: 'admin',
    summary: 'Records a valuation (value in cents, a date from the purchase to today, a source, an optional note; audited); the latest by date counts',
    params: idParamsSchema,
    body: valuationSchema,
    responses: { 201: { description: 'The home with its valuations', schema: homeDetailSchema } },
  }),
};
