import { adminLedgerSchema } from '../homes/admin-payments';
import { feeWaiverDecisionSchema, feeWaiverRequestSchema, feeWaiverSchema, pendingFeeWaiversSchema, waiveFeeSchema } from '../homes/fees';
import { nachaReturnResultSchema, nachaReturnUploadSchema } from '../homes/nacha-returns';
import { defineRoute, idParamsSchema } from './route';

/**
 * Late fees' waivers (calculators.md 'Fees'; src/domain/homes/fees.ts): the homeowner asks for their own fee (the
 * home is the session's; another home's fee answers 404 like an unknown one); staff waive a fee with a reason and
 * decide the requests that wait. Every change audited.
 */
export const homeFeesApi = {
  requestWaiver: defineRoute({
    method: 'post',
    path: '/api/me/home/fee-waivers',
    access: 'homeowner',
    codes: ['no_home', 'already_reversed', 'waiver_requested'],
    summary:
      "Asks to waive one of the homeowner's late fees (`seq`) with a reason: the first request in any 12 months is granted at once (the fee is reversed), a later one waits for staff. 404 for a fee that is not theirs; 409 when already waived or asked. Audited; e-mailed when decided",
    body: feeWaiverRequestSchema,
    responses: { 201: { description: 'The request, granted or waiting', schema: feeWaiverSchema } },
    errors: [404, 409],
  }),
  pending: defineRoute({
    method: 'get',
    path: '/api/admin/fee-waivers',
    access: 'admin',
    summary: 'The late-fee waiver requests waiting for staff, oldest first',
    responses: { 200: { description: 'The requests', schema: pendingFeeWaiversSchema } },
  }),
  grant: defineRoute({
    method: 'post',
    path: '/api/admin/fee-waivers/{id}/grant',
    access: 'admin',
    codes: ['waiver_decided', 'already_reversed'],
    summary: 'Grants a pending waiver request with a reason: the fee is reversed, naming it. 409 once decided. Audited; the homeowner is e-mailed',
    params: idParamsSchema,
    body: feeWaiverDecisionSchema,
    responses: { 200: { description: 'The requests still waiting', schema: pendingFeeWaiversSchema } },
    errors: [409],
  }),
  refuse: defineRoute({
    method: 'post',
    path: '/api/admin/fee-waivers/{id}/refuse',
    access: 'admin',
    codes: ['waiver_decided'],
    summary: 'Refuses a pending waiver request with a reason the homeowner reads. 409 once decided. Audited; the homeowner is e-mailed',
    params: idParamsSchema,
    body: feeWaiverDecisionSchema,
    responses: { 200: { description: 'The requests still waiting', schema: pendingFeeWaiversSchema } },
    errors: [409],
  }),
  waive: defineRoute({
    method: 'post',
    path: '/api/admin/homes/{id}/ledger/fee-waivers',
    access: 'admin',
    codes: ['already_reversed'],
    summary:
      "Waives a home's late fee `seq` with a reason (a reversal naming it; 400 when the entry is not a fee, 409 when already waived); a pending request for it is granted. Audited",
    params: idParamsSchema,
    body: waiveFeeSchema,
    responses: { 201: { description: 'The ledger with the waiver', schema: adminLedgerSchema } },
    errors: [409],
  }),
  previewNachaReturns: defineRoute({
    method: 'post',
    path: '/api/admin/payments/nacha-returns/preview',
    access: 'admin',
    summary:
      "Reads the bank's NACHA return file without writing anything: each return with its code in words, matched by its original trace to the payment it returns (or unknown), the bad records by line",
    body: nachaReturnUploadSchema,
    responses: { 200: { description: 'The preview', schema: nachaReturnResultSchema } },
  }),
  applyNachaReturns: defineRoute({
    method: 'post',
    path: '/api/admin/payments/nacha-returns',
    access: 'admin',
    codes: ['nacha_invalid'],
    summary:
      "Applies the bank's NACHA return file in one transaction: each returned payment is reversed naming the return code (its charges are open again); a return for a payment we never sent is kept in the answer and the audit entry; any bad record (422, with its line) applies nothing. Audited",
    body: nachaReturnUploadSchema,
    responses: { 200: { description: 'What was applied', schema: nachaReturnResultSchema } },
    errors: [422],
  }),
};
