import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin } from '../../test/admin-client';
import { fixture } from '../../test/application-client';
import { AUTH_TEST_ENV } from '../../test/auth-client';
import { startTestServer, uniqueEmail, type TestServer } from '../../test/harness';

/**
 * A refused upload is answered while its body is still arriving (src/server/modules/applications/receive-upload.ts):
 * the rest is read and dropped, so the connection stays sound. Cutting the body off instead broke the connection
 * mid-request — an uncaught 'Premature close' in the server (Vitest fails the run on it) and, for a client on a
 * kept-alive connection, a lost next reply. Node's fetch keeps the connection alive between these requests.
 */
describe('a refused upload leaves the connection sound', () => {
  let app: TestServer;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;

  beforeAll(async () => {
    app = await startTestServer(AUTH_TEST_ENV);
    admin = await signedInAdmin(app);
  });
  afterAll(async () => {
    await app?.stop();
  });

  /** The Add Letter of Intent form with `file`; answers the status, or the network error's message. */
  async function addLetter(bytes: Uint8Array, name: string, type: string): Promise<number | string> {
    const form = new FormData();
    const fields = {
      firstName: 'Rosa',
      lastName: 'Parks',
      email: uniqueEmail('refused'),
      phone: '(214) 555-0187',
      propertyAddress: '12 Elm Street, Austin, TX',
      propertyValue: '450000',
      downPaymentAmount: '',
      desiredMonthlyPayment: '2100',
      moveInDate: 'Q3 2027',
      notes: '',
      status: 'approved',
      intendedState: 'Texas',
    };
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
    try {
      const response = await fetch(`${admin.browser.baseUrl}/api/admin/letters`, {
        method: 'POST',
        headers: { origin: admin.browser.origin, cookie: admin.browser.cookieHeader },
        body: form,
      });
      await response.arrayBuffer();
      return response.status;
    } catch (error) {
      return `${(error as Error).message}: ${String((error as { cause?: unknown }).cause)}`;
    }
  }

  it('answers each refusal and the upload after it, refused by name and by content, mid-body', async () => {
    // 600 KB: far more than a socket's buffers, so the refusal comes while the body is still on its way.
    const text = new Uint8Array(600_000).fill(0x41);
    const answers: (number | string)[] = [];
    for (let round = 0; round < 10; round++) {
      answers.push(await addLetter(text, 'notes.txt', 'text/plain'));
      answers.push(await addLetter(fixture('sample.pdf'), 'letter.pdf', 'application/pdf'));
      answers.push(await addLetter(text, 'disguised.pdf', 'application/pdf'));
      answers.push(await addLetter(fixture('sample.pdf'), 'letter.pdf', 'application/pdf'));
    }
    expect(answers).toEqual(Array.from({ length: 10 }, () => [400, 201, 400, 201]).flat());
  });
});
