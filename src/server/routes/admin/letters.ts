import { stateCode } from '../../../domain/admin/states';
import { LETTER_SOURCE_LABELS, LETTER_STATUS_LABELS, type LetterItem } from '../../../domain/admin/letters';
import { adminLettersApi } from '../../../domain/api/admin-letters';
import { actorOf, type AuthedEnv } from '../../platform/http/guards';
import { auditedCsvExport, type CsvColumn } from '../../platform/lists/csv';
import {
  addLetter,
  attachLetterPdf,
  deleteLetter,
  downloadLetterPdf,
  getLetter,
  sendLetterForSignature,
  setLetterStatus,
  updateLetter,
  letterRows,
  listLetters,
} from '../../modules/letters';
import { apiRouter, route } from '../../platform/http/route';
import { offerLetterDecided } from '../../modules/buying';

/** Path of the Add Letter of Intent upload, exempt from the API's 64 KB JSON body limit (src/server/app.ts): it enforces its own 25 MB. */
export const LETTERS_UPLOAD_PATH: string = adminLettersApi.add.path;
/** Path of the PDF attached or replaced later, streamed alike. */
export const LETTER_PDF_UPLOAD_PATH: string = adminLettersApi.attachPdf.path;

const CSV_COLUMNS: readonly CsvColumn<LetterItem>[] = [
  { header: 'ID', value: (l) => l.id },
  { header: 'Date', value: (l) => l.createdAt },
  { header: 'First Name', value: (l) => l.firstName },
  { header: 'Last Name', value: (l) => l.lastName },
  { header: 'Email', value: (l) => l.email },
  { header: 'Phone', value: (l) => l.phone },
  { header: 'Property Address', value: (l) => l.propertyAddress },
  { header: 'Property Value', value: (l) => l.propertyValue },
  { header: 'Down Payment', value: (l) => l.downPaymentAmount },
  { header: 'Desired Monthly Payment', value: (l) => l.desiredMonthlyPayment },
  { header: 'Move-in Date', value: (l) => l.moveInDate },
  { header: 'Intended State', value: (l) => stateCode(l.intendedState) },
  { header: 'Status', value: (l) => LETTER_STATUS_LABELS[l.status] },
  { header: 'Source', value: (l) => LETTER_SOURCE_LABELS[l.source] },
  { header: 'PDF', value: (l) => (l.hasPdf ? 'yes' : 'no') },
  { header: 'Notes', value: (l) => l.notes },
];

/** `/api/admin/letters` (src/domain/api/admin-letters.ts), behind the admin guard of src/server/routes/admin.ts. */
export function adminLettersRoutes() {
  const router = apiRouter<AuthedEnv>();
  /** A page of letters, newest first by default (docs/product/back-office.md#letters-of-intent). */
  route(router, adminLettersApi.list, (c, { query }) => listLetters(c.var.deps.db, query));
  /** The CSV of the current filter, streamed; the export itself is audited. */
  route(router, adminLettersApi.export, (c, { query }) => {
    const { page: _page, pageSize: _pageSize, ...filter } = query;
    return auditedCsvExport(c.var.deps.db, actorOf(c), {
      list: 'letters-of-intent',
      entityType: 'letters_of_intent',
      filter,
      columns: CSV_COLUMNS,
      rows: letterRows({ ...filter, page: 1, pageSize: 1 }),
    });
  });
  /** The Add Letter of Intent form, streamed (multipart/form-data; src/server/modules/letters/letters.ts validates its fields). */
  route(router, adminLettersApi.add, (c) => addLetter(c.var.deps, c.req.raw, { actor: actorOf(c), userId: c.var.user.id }));
  /** A PDF attached to a letter added without one, or replacing its PDF (streamed like Add's). */
  route(router, adminLettersApi.attachPdf, (c) => attachLetterPdf(c.var.deps, c.req.raw, actorOf(c)));
  route(router, adminLettersApi.get, (c, { params }) => getLetter(c.var.deps, params.id));
  /** Sent to the buyer for signature (docs/decisions/039-addenda-and-envelopes.md). */
  route(router, adminLettersApi.sendForSignature, (c, { params }) => sendLetterForSignature(c.var.deps, actorOf(c), params.id));
  /** Edit and status changes on the detail view, each audited in its own transaction. */
  route(router, adminLettersApi.update, (c, { params, body }) => updateLetter(c.var.deps, actorOf(c), params.id, body));
  /** A buyer's letter moves its offer in the same transaction (docs/decisions/036-find-and-offer.md); its mail goes after the commit. */
  route(router, adminLettersApi.setStatus, async (c, { params, body }) => {
    const letter = await setLetterStatus(c.var.deps, actorOf(c), params.id, body, offerLetterDecided);
    c.var.deps.jobs.kick();
    return letter;
  });
  route(router, adminLettersApi.pdf, (c, { params }) => downloadLetterPdf(c.var.deps, actorOf(c), params.id));
  route(router, adminLettersApi.delete, async (c, { params }) => {
    await deleteLetter(c.var.deps, actorOf(c), params.id);
    return { ok: true as const };
  });
  return router;
}
