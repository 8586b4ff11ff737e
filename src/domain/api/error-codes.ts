/**
 * Every error code the API answers, in the one error shape `{ error: { code, message, fields? } }`
 * (docs/decisions/017-route-contracts.md). A code is declared once here; a route declares the codes
 * of its own in its contract (`codes`, src/domain/api/route.ts), so a caller compares against a
 * union the compiler checks (ErrorCodeOf) and the server refuses, in tests, to answer a route's
 * code it did not declare (src/server/platform/http/route.ts).
 */

/** What any route can answer: its access, its inputs, the transport, the database. */
export const COMMON_ERROR_CODES = [
  'unauthenticated',
  'forbidden',
  'two_factor_required',
  'validation_failed',
  'invalid_json',
  'not_found',
  'unsupported_media_type',
  'payload_too_large',
  'cross_origin_refused',
  'rate_limited',
  'database_unavailable',
  'shutting_down',
  'internal_error',
] as const;

/** Codes that name a route's own rule; each route lists those it answers in its contract. */
export const ROUTE_ERROR_CODES = [
  // Accounts and profile
  'email_taken',
  'same_email',
  'invalid_password',
  'invalid_link',
  'invalid_token',
  'last_admin',
  'own_role',
  'own_account',
  'has_home',
  'homeowner_needs_home',
  // Applications, documents, requests and messages
  'application_closed',
  'application_submitted',
  'application_incomplete',
  'not_submitted',
  'application_changed',
  'another_active_application',
  'version_conflict',
  'no_application',
  'email_not_verified',
  'open_request_needed',
  'request_state',
  'request_kind',
  'already_asked',
  'document_superseded',
  'invalid_upload',
  'no_file',
  'empty_file',
  'file_too_large',
  'too_many_files',
  'unsupported_file_type',
  'not_pdf',
  'no_pdf',
  // Letters of intent (docs/product/back-office.md#letters-of-intent)
  'duplicate_letter',
  'buyer_letter',
  'too_late',
  'not_yours',
  'already_deleted',
  // Pre-approvals
  'no_pre_approval',
  'pre_approval_expired',
  // Find and offer (docs/decisions/036-find-and-offer.md)
  'offer_live',
  'offer_state',
  'counter_expired',
  // Homes, ledger, changes and notices
  // Signatures (docs/decisions/033-signatures.md)
  'esign_off',
  'envelope_closed',
  'already_signed',
  'not_your_turn',
  'document_changed',
  'seal_unavailable',
  // Addenda, wet-signed scans, letters for signature (docs/decisions/039-addenda-and-envelopes.md)
  'esign_on',
  'scan_exists',
  'envelope_open',
  'no_account',
  'awaiting_signatures',
  'home_exists',
  'home_recorded',
  'home_closed',
  'no_home',
  'change_pending',
  'change_decided',
  'notice_state',
  'notice_open',
  'quote_state',
  'transfer_fee_invalid',
  'not_approved',
  'bank_csv_invalid',
  'already_reversed',
  'reversal_not_reversible',
  'reference_exists',
  'waiver_requested',
  'waiver_decided',
  'nacha_invalid',
  // Processor payments (src/domain/payments)
  'payments_off',
  'bank_account_exists',
  'no_bank_account',
  'bank_account_state',
  'microdeposits_mismatch',
  'verification_locked',
  'processor_refused',
  'bad_signature',
  // Instant bank verification (docs/decisions/046-instant-bank-verification.md)
  'instant_unavailable',
  'bank_link_unknown',
  'bank_link_used',
  'bank_link_unfinished',
  // Staff's side of processor payments (src/domain/payments/staff.ts)
  'not_failed',
  'already_retried',
  'not_owed',
  'not_refundable',
  'not_locked',
  // Agents (src/domain/agents.ts)
  'agent_inactive',
  'agent_not_serving',
  'not_matching',
  // Back office
  'not_sending',
  'no_recipients',
  'job_running',
  'job_done',
] as const;

/**
 * better-auth's codes (the `/api/auth/*` endpoints, which have no contracts), those the web
 * app tells apart, and the codes of this app's rules around them (src/server/platform/auth).
 */
export const AUTH_ERROR_CODES = [
  'invalid_email_or_password',
  'invalid_code',
  'invalid_backup_code',
  'invalid_two_factor_cookie',
  'totp_already_enabled',
  'session_not_fresh',
  'token_already_used',
  'token_expired',
  'email_already_verified',
  'password_too_common',
] as const;

/** What the web client itself reports when there is no answer in the API's shape. */
export const CLIENT_ERROR_CODES = ['network_error', 'http_error', 'invalid_reply', 'download_failed'] as const;

export type CommonErrorCode = (typeof COMMON_ERROR_CODES)[number];
export type RouteErrorCode = (typeof ROUTE_ERROR_CODES)[number];
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];
/** A code the server answers (AppError's). */
export type ServerErrorCode = CommonErrorCode | RouteErrorCode;
/** Any code the web app can hold in an ApiError. */
export type ErrorCode = ServerErrorCode | AuthErrorCode | (typeof CLIENT_ERROR_CODES)[number];

const COMMON = new Set<string>(COMMON_ERROR_CODES);
/** Whether `code` is one any route may answer without declaring it. */
export const isCommonErrorCode = (code: string): code is CommonErrorCode => COMMON.has(code);
