import { readFileSync } from 'node:fs';
import { expect, expectAccessible, hasHorizontalScroll, test } from './fixtures';
import { waitForToastsToGo } from './support/accounts';
import { SAMPLE_PDF, SAMPLE_PNG, stepHeading } from './support/application';
import { APP_URL } from './support/ports';

/**
 * Several files per document (docs/product/application.md#documents): an ID's front and back,
 * each file listed and removable on its own before submit; a refused file's reason stays on its card;
 * 'Submit Application' stays disabled while a required document is missing and says which; the To do page
 * takes two files for one request. At 375 and 1280 px, with axe.
 */

const VIEWPORTS = [
  { name: 'phone', width: 375, height: 800 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

/** The first load of /apply fetches the wizard's code and the application: slow on a busy machine. */
const FIRST_LOAD = { timeout: 30_000 };

const file = (name: string, path: string, mimeType: string) => ({ name, mimeType, buffer: readFileSync(path) });

for (const viewport of VIEWPORTS) {
  test.describe(`several files per document at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('two ID files, one removed; a refused file keeps its reason on its card; Submit names the missing documents', async ({ page, user: _user }) => {
      test.slow();
      await page.goto('/apply?step=6');
      await expect(stepHeading(page, 'Documents')).toBeVisible(FIRST_LOAD);
      const card = (title: string) => page.getByRole('listitem', { name: title });
      const submit = page.getByRole('button', { name: 'Submit Application' });
      await page.getByRole('checkbox', { name: /I certify that the information/ }).check();
      // Certified, yet nothing uploaded: disabled, and the panel says which documents it waits for.
      await expect(submit).toBeDisabled();
      await expect(page.getByText('Add your government ID, bank statements and pay stubs to submit.')).toBeVisible();
      await expect(submit).toHaveAccessibleDescription('Add your government ID, bank statements and pay stubs to submit.');

      // The ID's front and back, picked together: sent one after another, both listed by name.
      const id = card('Government ID');
      await page
        .getByLabel('Upload Government ID')
        .setInputFiles([file('id-front.png', SAMPLE_PNG, 'image/png'), file('id-back.pdf', SAMPLE_PDF, 'application/pdf')]);
      await expect(id.getByRole('link', { name: 'id-front.png' })).toBeVisible();
      await expect(id.getByRole('link', { name: 'id-back.pdf' })).toBeVisible();
      await expect(id.getByText('Add Another File')).toBeVisible();
      await expect(page.getByText('Add your bank statements and pay stubs to submit.')).toBeVisible();

      // Remove one: asked first, naming the file; the other stays.
      await id.getByRole('button', { name: 'Remove Government ID: id-front.png' }).click();
      const confirm = id.getByRole('group', { name: 'Remove Government ID?' });
      await expect(confirm).toContainText('Remove id-front.png?');
      await confirm.getByRole('button', { name: 'Yes, remove Government ID' }).click();
      await expect(id.getByRole('link', { name: 'id-front.png' })).toHaveCount(0);
      await expect(id.getByRole('link', { name: 'id-back.pdf' })).toBeVisible();
      await expect(id.getByText('Uploaded', { exact: true })).toBeVisible();

      // A file refused by the browser, then one refused by the server (a program named .pdf): each reason stays on the card after its toast has gone.
      const statements = card('Bank Statements');
      await page.getByLabel('Upload Bank Statements').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a document') });
      await expect(statements.getByText('notes.txt was not uploaded: Please upload PDF, JPG, or PNG files only.')).toBeVisible();
      const program = Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0, 0, 0]);
      await page.getByLabel('Upload Bank Statements').setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: program });
      const refused = statements.getByText('invoice.pdf was not uploaded: Please upload PDF, JPG, or PNG files only.');
      await expect(refused).toBeVisible();
      await expect(statements.getByText('notes.txt was not uploaded')).toHaveCount(0);
      await waitForToastsToGo(page);
      await expect(refused).toBeVisible();
      await expect(statements.getByText('Required', { exact: true })).toBeVisible();
      expect(await hasHorizontalScroll(page)).toBe(false);
      await expectAccessible(page);
      // The next attempt clears it.
      await page.getByLabel('Upload Bank Statements').setInputFiles(file('march.pdf', SAMPLE_PDF, 'application/pdf'));
      await expect(statements.getByRole('link', { name: 'march.pdf' })).toBeVisible();
      await expect(refused).toHaveCount(0);

      // Still one missing: disabled, named.
      await expect(submit).toBeDisabled();
      await expect(page.getByText('Add your pay stubs to submit.')).toBeVisible();
      await page.getByLabel('Upload Pay Stubs').setInputFiles(file('stub.pdf', SAMPLE_PDF, 'application/pdf'));
      await expect(card('Pay Stubs').getByRole('link', { name: 'stub.pdf' })).toBeVisible();
      // 'Add Another File': a second stub joins the first.
      await page.getByLabel('Upload Pay Stubs').setInputFiles(file('stub-2.png', SAMPLE_PNG, 'image/png'));
      await expect(card('Pay Stubs').getByRole('link')).toHaveCount(2);
      await expect(page.getByText('All Required Documents Uploaded')).toBeVisible();
      await expect(page.getByText(/to submit\.$/)).toHaveCount(0);
      await expect(submit).toBeEnabled();

      // A reload keeps every file.
      await page.reload();
      await expect(stepHeading(page, 'Documents')).toBeVisible(FIRST_LOAD);
      await expect(card('Government ID').getByRole('link')).toHaveCount(1);
      await expect(card('Government ID').getByRole('link')).toHaveAccessibleName('id-back.pdf');
      await expect(card('Bank Statements').getByRole('link', { name: 'march.pdf' })).toBeVisible();
      await page.screenshot({ path: test.info().outputPath('documents.png'), fullPage: true });
      expect(await hasHorizontalScroll(page)).toBe(false);
      await waitForToastsToGo(page);
      await expectAccessible(page);
    });

    test('the To do page takes two files for one request, and says why a third was refused', async ({ page, admin: _admin, applicant }) => {
      test.slow();
      const headers = { origin: APP_URL };
      const asked = await page.request.post(`/api/admin/applications/${applicant.applicationId}/requests`, {
        data: { kind: 'document', documentType: 'bankStatements', note: 'Please send your last two statements.' },
        headers,
      });
      expect(asked.status(), await asked.text()).toBe(201);

      const buyer = applicant.page;
      await buyer.setViewportSize({ width: viewport.width, height: viewport.height });
      await buyer.goto('/apply/requests');
      const request = buyer.getByRole('region', { name: /^Bank Statements/ });
      await expect(request).toContainText('Please send your last two statements.', FIRST_LOAD);
      await request
        .getByLabel(/Upload a file/)
        .setInputFiles([
          file('march.pdf', SAMPLE_PDF, 'application/pdf'),
          { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a document') },
          file('april.png', SAMPLE_PNG, 'image/png'),
        ]);
      await expect(request.getByText('march.pdf uploaded')).toBeVisible();
      await expect(request.getByText('april.png uploaded')).toBeVisible();
      await expect(request.getByRole('alert')).toHaveText('notes.txt was not uploaded: Please upload PDF, JPG, or PNG files only.');
      expect(await hasHorizontalScroll(buyer)).toBe(false);
      await expectAccessible(buyer);
      await request.getByRole('button', { name: 'Send to reviewer' }).click();
      await expect(request.getByText('Sent — waiting for the reviewer')).toBeVisible();

      // The reviewer finds both, each reviewable on its own.
      await page.goto(`/admin/applications?review=${applicant.applicationId}`);
      const documents = page.getByRole('dialog', { name: applicant.name }).getByRole('region', { name: 'Documents' });
      await expect(documents.getByRole('listitem', { name: 'Bank Statements, march.pdf' })).toBeVisible(FIRST_LOAD);
      await expect(documents.getByRole('listitem', { name: 'Bank Statements, april.png' })).toBeVisible();
      await expect(documents.getByRole('listitem', { name: 'Bank Statements, bankStatements.pdf' })).toBeVisible();
    });
  });
}
