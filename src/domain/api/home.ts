import { myHomeSchema, myValuationsSchema } from '../homes/my-home';
import { ledgerFileSchema } from '../ledger';
import { defineRoute } from './route';

/**
 * `/api/me/home`: the signed-in homeowner's own home, read-only
 * (docs/product/dashboard.md#homeowner-dashboard; src/domain/homes/my-home.ts). The home is always the
 * session's own (homeIdOfUser), never one named in the URL. 'You do not have a home with
 * us yet.' (`no_home`) below the homeowner rank is 403 from the guard, and 404 for an admin
 * without a home. Every reply is personal (no-store).
 */
export const homeApi = {
  get: defineRoute({
    method: 'get',
    path: '/api/me/home',
    access: 'homeowner',
    codes: ['no_home', 'awaiting_signatures'],
    summary:
      "The signed-in user's home: the agreement and its history of terms, the figures of calculators.md 'Homeowner figures' (money in whole cents, ratios unrounded), the latest valuation, this month's charge split into equity credited, taxes and insurance and the rest, the next charge, the balance and every charge's state",
    responses: { 200: { description: 'The home', schema: myHomeSchema } },
    errors: [404, 409],
  }),
  ledger: defineRoute({
    method: 'get',
    path: '/api/me/home/ledger',
    access: 'homeowner',
    codes: ['no_home', 'awaiting_signatures'],
    summary:
      "The home's whole ledger with its hashes (`{ homeId, entries }`, the shape verifyLedgerFile checks), as a JSON attachment: download it and verify the chain anywhere",
    responses: { 200: { description: 'The ledger file', schema: ledgerFileSchema } },
    errors: [404, 409],
  }),
  valuations: defineRoute({
    method: 'get',
    path: '/api/me/home/valuations',
    access: 'homeowner',
    codes: ['no_home', 'awaiting_signatures'],
    summary: "The home's valuations, oldest first (with the purchase price first when no valuation was recorded then), each with the equity at its date",
    responses: { 200: { description: 'The valuations', schema: myValuationsSchema } },
    errors: [404, 409],
  }),
};
