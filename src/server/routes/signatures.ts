import { signaturesApi } from '../../domain/api/signatures';
import { SCAN_MAX_BYTES, scanFormSchema, VERIFY_MAX_BYTES } from '../../domain/signatures/envelopes';
import { receiveMultipart } from '../modules/applications';
import {
  declineEnvelope,
  envelopeFile,
  envelopeFor,
  eSignOff,
  memoryStorage,
  myEnvelopes,
  openEnvelope,
  resendEnvelope,
  signEnvelope,
  staffEnvelopes,
  uploadAgreementScan,
  verifyDocument,
  voidEnvelope,
  type Signer,
} from '../modules/signatures';
import { recordAudit } from '../platform/audit/audit';
import { actorOf, isAdmin, type AuthedEnv } from '../platform/http/guards';
import type { AppEnv } from '../platform/http/context';
import { clientIp } from '../platform/lib/client-ip';
import { AppError, validationError } from '../platform/lib/errors';
import { apiRouter, route } from '../platform/http/route';
import { getSettings } from '../platform/settings/settings-store';
import type { Context } from 'hono';

/**
 * Signatures (src/domain/api/signatures.ts; docs/decisions/033-signatures.md). The caller's step is found from the
 * session: the homeowner's own, or the staff step for an admin whose session passed two-factor — never someone
 * else's. With e-signatures off, nothing can be opened, signed or declined; what was signed stays downloadable.
 */

export const VERIFY_PATH = '/api/verify-document';
/** The wet-signed scan's upload, exempt like the verify route from the API's 64 KB JSON body limit (src/server/api.ts). */
export const SCAN_PATH: string = signaturesApi.scan.path;

function signerOf(c: Context<AuthedEnv>): Signer {
  const user = c.var.user;
  return {
    id: user.id,
    email: user.email,
    role: isAdmin(c.var) ? 'admin' : 'user',
    ip: clientIp(c, c.var.deps.config.TRUST_PROXY),
    userAgent: c.req.header('user-agent')?.slice(0, 300) ?? null,
  };
}

async function requireESign(c: Context<AuthedEnv>) {
  if (!(await getSettings(c.var.deps.db)).featureFlags.eSign) throw eSignOff();
}

const pdfResponse = (file: { bytes: Buffer; name: string }) =>
  new Response(new Uint8Array(file.bytes), {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(file.bytes.length),
      'Content-Disposition': `attachment; filename="${file.name}"`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  });

export function signatureRoutes() {
  const router = apiRouter<AuthedEnv>();
  route(router, signaturesApi.mine, async (c) => ({ envelopes: await myEnvelopes(c.var.deps.db, c.var.user.id) }));
  route(router, signaturesApi.get, (c, { params }) => envelopeFor(c.var.deps, signerOf(c), params.id));
  route(router, signaturesApi.open, async (c, { params }) => {
    await requireESign(c);
    return openEnvelope(c.var.deps, signerOf(c), params.id);
  });
  route(router, signaturesApi.sign, async (c, { params, body }) => {
    await requireESign(c);
    return signEnvelope(c.var.deps, signerOf(c), params.id, body);
  });
  route(router, signaturesApi.decline, async (c, { params, body }) => {
    await requireESign(c);
    return declineEnvelope(c.var.deps, signerOf(c), params.id, body.reason);
  });
  route(router, signaturesApi.file, async (c, { params }) => pdfResponse(await envelopeFile(c.var.deps, signerOf(c), params.id)));
  return router;
}

/** `/api/admin/envelopes`, behind the admin guard of src/server/routes/admin.ts. */
export function adminSignatureRoutes() {
  const router = apiRouter<AuthedEnv>();
  route(router, signaturesApi.adminList, async (c, { query }) => ({
    envelopes: await staffEnvelopes(c.var.deps.db, { homeId: query.homeId, subjectId: query.subjectId }),
  }));
  route(router, signaturesApi.adminFile, async (c, { params }) => {
    const file = await envelopeFile(c.var.deps, 'staff', params.id);
    await recordAudit(c.var.deps.db, actorOf(c), {
      action: 'download',
      entityType: 'signature_envelopes',
      entityId: params.id,
      changes: { sealed: file.sealed },
    });
    return pdfResponse(file);
  });
  route(router, signaturesApi.void, (c, { params, body }) => voidEnvelope(c.var.deps, actorOf(c), params.id, body.reason));
  route(router, signaturesApi.resend, (c, { params }) => resendEnvelope(c.var.deps, actorOf(c), params.id));
  /** The wet-signed scan (docs/decisions/039-addenda-and-envelopes.md): read into memory like a file to verify, then stored by the module. */
  route(router, signaturesApi.scan, async (c) => {
    const { bytes, fields } = await readPdf(c.req.raw, SCAN_MAX_BYTES);
    // The form's fields are answered first: a wrong home is named even when no file came with it.
    const form = scanFormSchema.safeParse(fields);
    if (!form.success) throw validationError(form.error);
    return uploadAgreementScan(c.var.deps, actorOf(c), form.data.homeId, bytes ?? noFile('Choose the PDF of the signed agreement.'));
  });
  return router;
}

const notPdf = () => new AppError(400, 'not_pdf', 'Choose a PDF file: only PDFs can be verified.', { file: 'Choose a PDF file.' });

/** A PDF in `file` (and the form's text fields) read into memory, `maxBytes` at most: refused unless a PDF by name or type and by content. */
async function readPdf(request: Request, maxBytes: number): Promise<{ bytes: Buffer | undefined; fields: Record<string, string> }> {
  const memory = memoryStorage();
  let fields: Record<string, string>;
  try {
    ({ fields } = await receiveMultipart(request, memory, 'upload', {
      maxFileBytes: maxBytes,
      invalid: () => new AppError(400, 'no_file', 'Send the PDF as multipart/form-data in `file`.'),
      fields: { count: 4, maxBytes: 200 },
      fileField: 'file',
      checkName: (info) => (/\.pdf$/i.test(info.filename ?? '') || info.mimeType.toLowerCase() === 'application/pdf' ? undefined : notPdf()),
      checkType: (type) => (type === 'application/pdf' ? undefined : notPdf()),
    }));
  } catch (error) {
    if (error instanceof AppError && error.code === 'unsupported_file_type') throw notPdf();
    if (error instanceof AppError && error.code === 'file_too_large')
      throw new AppError(413, 'file_too_large', 'Files must be smaller than 25 MB.', { file: 'Files must be smaller than 25 MB.' });
    throw error;
  }
  return { bytes: memory.bytes(), fields };
}

const noFile = (message: string): never => {
  throw new AppError(400, 'no_file', message, { file: message });
};

/** The public check: the PDF is read into memory (25 MB at most) and never stored. */
export function verifyRoutes() {
  const router = apiRouter<AppEnv>();
  route(router, signaturesApi.verify, async (c) => {
    const { bytes } = await readPdf(c.req.raw, VERIFY_MAX_BYTES);
    return verifyDocument(c.var.deps.db, bytes ?? noFile('Choose a PDF to verify.'));
  });
  return router;
}
