import { z } from 'zod';
import { safeString } from '../safe-text';
import {
  declineBodySchema,
  envelopeDetailSchema,
  envelopeListSchema,
  envelopeSummarySchema,
  signBodySchema,
  scanFormSchema,
  verifyResultSchema,
  voidBodySchema,
} from '../signatures/envelopes';
import { defineRoute, idParamsSchema } from './route';

/**
 * Signatures (docs/decisions/033-signatures.md): a signer's envelopes and their steps (the caller acts only for
 * themselves: another person's envelope is 404), the back office's list, void and resend, the wet-signed scan
 * when e-signatures are off, and the public 'Verify a document' check.
 */
const SIGN_CODES = ['esign_off', 'envelope_closed', 'already_signed', 'not_your_turn', 'document_changed'] as const;

export const signaturesApi = {
  mine: defineRoute({
    method: 'get',
    path: '/api/envelopes',
    access: 'user',
    summary: "The signed-in user's envelopes as a signer (newest first)",
    responses: { 200: { description: 'The envelopes', schema: envelopeListSchema } },
  }),
  get: defineRoute({
    method: 'get',
    path: '/api/envelopes/{id}',
    access: 'user',
    summary: "An envelope the caller signs: its document's text, signers and the caller's own step (404 to anyone else)",
    params: idParamsSchema,
    responses: { 200: { description: 'The envelope', schema: envelopeDetailSchema } },
  }),
  open: defineRoute({
    method: 'post',
    path: '/api/envelopes/{id}/open',
    access: 'user',
    codes: [...SIGN_CODES],
    summary: 'Records that the signer opened the document (time, IP, user agent and the hash they were shown)',
    params: idParamsSchema,
    body: z.object({}),
    responses: { 200: { description: 'The envelope', schema: envelopeDetailSchema } },
    errors: [409],
  }),
  sign: defineRoute({
    method: 'post',
    path: '/api/envelopes/{id}/sign',
    access: 'user',
    // quote_state, notice_open: a signed exit quote's acceptance that can no longer apply (docs/decisions/043-signed-exit-quotes.md).
    codes: [...SIGN_CODES, 'seal_unavailable', 'quote_state', 'notice_open'],
    summary: "Signs the caller's step: consent, adopted signature, fields and the hash of the document shown; the last signature seals it",
    params: idParamsSchema,
    body: signBodySchema,
    responses: { 200: { description: 'The envelope', schema: envelopeDetailSchema } },
    errors: [409, 503],
  }),
  decline: defineRoute({
    method: 'post',
    path: '/api/envelopes/{id}/decline',
    access: 'user',
    codes: [...SIGN_CODES],
    summary: "Declines the caller's step with a reason; the envelope closes",
    params: idParamsSchema,
    body: declineBodySchema,
    responses: { 200: { description: 'The envelope', schema: envelopeDetailSchema } },
    errors: [409],
  }),
  file: defineRoute({
    method: 'get',
    path: '/api/envelopes/{id}/file',
    access: 'user',
    summary: 'Downloads the document: the sealed PDF once everyone signed, else the document as sent',
    params: idParamsSchema,
    responses: { 200: { description: 'The PDF, as an attachment', contentType: 'application/pdf' } },
  }),
  adminList: defineRoute({
    method: 'get',
    path: '/api/admin/envelopes',
    access: 'admin',
    summary:
      "Envelopes waiting for signatures (oldest first), or a home's envelopes with `homeId`, or those of one subject (a payment change, notice or letter) with `subjectId`",
    query: z.object({ homeId: safeString().uuid().optional(), subjectId: safeString().uuid().optional() }),
    responses: { 200: { description: 'The envelopes', schema: envelopeListSchema } },
  }),
  adminFile: defineRoute({
    method: 'get',
    path: '/api/admin/envelopes/{id}/file',
    access: 'admin',
    summary: "Downloads an envelope's document, sealed once signed (audited)",
    params: idParamsSchema,
    responses: { 200: { description: 'The PDF, as an attachment', contentType: 'application/pdf' } },
  }),
  void: defineRoute({
    method: 'post',
    path: '/api/admin/envelopes/{id}/void',
    access: 'admin',
    codes: ['envelope_closed'],
    summary: 'Voids an envelope still waiting for signatures, with a reason (audited)',
    params: idParamsSchema,
    body: voidBodySchema,
    responses: { 200: { description: 'The envelope', schema: envelopeSummarySchema } },
    errors: [409],
  }),
  resend: defineRoute({
    method: 'post',
    path: '/api/admin/envelopes/{id}/resend',
    access: 'admin',
    codes: ['envelope_closed', 'esign_off'],
    summary: 'Mails the current signer again; an expired, declined or voided agreement is sent anew from the home',
    params: idParamsSchema,
    body: z.object({}),
    responses: { 200: { description: 'The envelope sent', schema: envelopeSummarySchema } },
    errors: [409],
  }),
  scan: defineRoute({
    method: 'post',
    path: '/api/admin/agreement-scans',
    access: 'admin',
    codes: ['empty_file', 'file_too_large', 'not_pdf', 'no_file', 'esign_on', 'scan_exists'],
    summary:
      'With e-signatures off: the wet-signed scan of the agreement of the home `homeId`, a PDF in `file` (25 MB at most, checked by content), stored, hashed and audited; puts a home awaiting signatures in force',
    form: scanFormSchema,
    responses: { 201: { description: 'The scan, as an envelope signed on paper', schema: envelopeSummarySchema } },
    errors: [409, 413, 415],
  }),
  verify: defineRoute({
    method: 'post',
    path: '/api/verify-document',
    access: 'public',
    codes: ['empty_file', 'file_too_large', 'not_pdf', 'no_file'],
    summary: 'Checks a PDF in `file` (25 MB at most, kept nowhere): whether Ownstead sealed it and it is unchanged, with its signers',
    form: z.object({}),
    responses: { 200: { description: 'The verdict', schema: verifyResultSchema } },
    errors: [413, 415],
  }),
};
