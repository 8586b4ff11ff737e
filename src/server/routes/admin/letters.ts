import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { LETTER_STATUS_LABELS, letterFileName, letterListSchema, letterSchema, type LetterItem } from '../../../domain/admin/letters';
import { actorOf, recordAudit } from '../../admin/audit';
import { auditedCsvExport, type CsvColumn } from '../../admin/csv';
import { receiveLetterForm } from '../../admin/letter-upload';
import { deleteLetterRow, findLetter, insertLetter, letterRows, listLetters, presentRow } from '../../admin/letters-repo';
import { readListParams } from '../../admin/list-query';
import { UUID } from '../../applications/repository';
import type { AuthedEnv } from '../../auth/guards';
import type { Deps } from '../../context';
import { AppError, validationError } from '../../lib/errors';

/** Path of the Add Letter of Intent upload, exempt from the API's 64 KB JSON body limit (src/server/app.ts): it enforces its own 25 MB. */
export const LETTERS_UPLOAD_PATH = '/api/admin/letters';

const notFound = () => new AppError(404, 'not_found', 'There is no such letter of intent.');

/** spec §7 'Letter PDFs': stored under a name the server chooses. */
const storageKeyFor = () => `letters-of-intent/${randomUUID()}`;

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
  { header: 'Intended State', value: (l) => l.intendedState },
  { header: 'Status', value: (l) => LETTER_STATUS_LABELS[l.status] },
  { header: 'PDF', value: (l) => (l.hasPdf ? 'yes' : 'no') },
  { header: 'Notes', value: (l) => l.notes },
];

const removeFile = (deps: Pick<Deps, 'storage' | 'logger'>, key: string) =>
  deps.storage.delete(key).catch((err) => deps.logger.error({ err, key }, 'could not remove a letter PDF; delete it by hand'));

/** `/api/admin/letters` — mounted behind the admin guard by src/server/routes/admin.ts. */
export function adminLettersRoutes() {
  return (
    new Hono<AuthedEnv>()
      /** A page of letters, newest first by default (spec §2 '/admin/letters-of-intent'). */
      .get('/', async (c) => {
        const params = readListParams(c, letterListSchema);
        return c.json(await listLetters(c.var.deps.db, params));
      })
      /** The CSV of the current filter, streamed; the export itself is audited. */
      .get('/export', async (c) => {
        const { db } = c.var.deps;
        const { page: _page, pageSize: _pageSize, ...filter } = readListParams(c, letterListSchema);
        const params = { ...filter, page: 1, pageSize: 1 };
        return auditedCsvExport(db, actorOf(c), {
          list: 'letters-of-intent',
          entityType: 'letters_of_intent',
          filter,
          columns: CSV_COLUMNS,
          rows: letterRows(params),
        });
      })
      /**
       * spec §5 'Add letter of intent' (multipart/form-data): the fields of
       * letterSchema and an optional PDF in `file`. The PDF is stored first; a
       * refused form or a failed insert leaves nothing in storage.
       */
      .post('/', async (c) => {
        const deps = c.var.deps;
        const key = storageKeyFor();
        let received;
        try {
          received = await receiveLetterForm(c.req.raw, deps.storage, key);
        } catch (error) {
          await removeFile(deps, key);
          throw error;
        }
        const file = received.file ? { key, sizeBytes: received.file.sizeBytes } : undefined;
        const parsed = letterSchema.safeParse(received.fields);
        if (!parsed.success) {
          if (file) await removeFile(deps, key);
          throw validationError(parsed.error);
        }
        const actor = actorOf(c);
        try {
          const row = await deps.db.transaction(async (tx) => {
            const created = await insertLetter(tx, parsed.data, file, c.var.user.id);
            await recordAudit(tx, actor, {
              action: 'create',
              entityType: 'letters_of_intent',
              entityId: created.id,
              changes: { ...parsed.data, pdf: file ? 'attached' : 'none' },
            });
            return created;
          });
          return c.json(presentRow(row), 201);
        } catch (error) {
          if (file) await removeFile(deps, key);
          throw error;
        }
      })
      /** spec §7 'Letter PDFs': the browser saves it as first-last-letter-of-intent.pdf; audited as a download. */
      .get('/:id/pdf', async (c) => {
        const { db, storage, logger } = c.var.deps;
        const id = c.req.param('id');
        const letter = UUID.test(id) ? await findLetter(db, id) : undefined;
        if (!letter) throw notFound();
        if (!letter.fileKey) throw new AppError(404, 'no_pdf', 'This letter of intent has no PDF.');
        const stored = await storage.get(letter.fileKey);
        if (!stored) {
          logger.error({ letterId: letter.id }, 'letter of intent without its stored PDF');
          throw new AppError(404, 'no_pdf', 'The PDF of this letter of intent is missing.');
        }
        try {
          await db.transaction((tx) =>
            recordAudit(tx, actorOf(c), { action: 'download', entityType: 'letters_of_intent', entityId: letter.id, changes: { file: 'pdf' } }),
          );
        } catch (error) {
          stored.body.destroy();
          throw error;
        }
        const name = letterFileName(letter.firstName, letter.lastName);
        return new Response(Readable.toWeb(stored.body) as ReadableStream<Uint8Array>, {
          status: 200,
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Length': String(stored.size),
            'Content-Disposition': `attachment; filename="${name}"`,
            'X-Content-Type-Options': 'nosniff',
            'Cache-Control': 'private, no-store',
          },
        });
      })
      /** spec §7: the PDF is removed by its path before the row is deleted; the deletion is audited. */
      .delete('/:id', async (c) => {
        const deps = c.var.deps;
        const id = c.req.param('id');
        const letter = UUID.test(id) ? await findLetter(deps.db, id) : undefined;
        if (!letter) throw notFound();
        if (letter.fileKey) await deps.storage.delete(letter.fileKey);
        const deleted = await deps.db.transaction(async (tx) => {
          const row = await deleteLetterRow(tx, letter.id);
          if (row) {
            await recordAudit(tx, actorOf(c), {
              action: 'delete',
              entityType: 'letters_of_intent',
              entityId: row.id,
              changes: { firstName: row.firstName, lastName: row.lastName, email: row.email, status: row.status, pdf: row.fileKey !== null },
            });
          }
          return row;
        });
        if (!deleted) throw notFound();
        return c.json({ ok: true });
      })
  );
}
