import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agreementBounds } from '../../../domain/calculators';
import { earliestNoticeDate } from '../../../domain/homes/changes';
import { ledgerToday } from '../../../domain/homes/dates';
import type { NotificationKind } from '../../../domain/notifications';
import { applicationConversations, applications, homes } from '../../platform/db/schema';
import { emailKeyOf, setPreference } from '../../platform/notifications/preferences';
import { signedInAdmin, signedInWithRole } from '../../test/admin-client';
import { AUTH_TEST_ENV, linkIn, mailsTo } from '../../test/auth-client';
import { startTestServer, type TestServer } from '../../test/harness';
import { insertTestHome } from '../../test/home-fixtures';
import { runMailJobsNow, settleMailJobs } from '../../test/mail-jobs';
import { runCharges } from './charges';

/**
 * Staff hear of a homeowner's requests (docs/product/back-office.md#staff-e-mails): a 60-day notice, a request to
 * change the monthly payment and a homeowner's message each reach the admins who turned that kind on
 * (account page), and nobody else; the mail names the homeowner by first name and opens the home.
 */

const AGREEMENT = { price: 420_000, downPayment: 29_400, mortgageRate: 6.4, appreciationRate: 3.8 };
const BOUNDS = agreementBounds(AGREEMENT);
const TOP = Math.round(BOUNDS.max * 100);
const LOWER = Math.round((BOUNDS.max - 6 * BOUNDS.step) * 100);

describe('staff e-mails about homes', () => {
  let app: TestServer;
  let listener: Awaited<ReturnType<typeof signedInAdmin>>;
  let quiet: Awaited<ReturnType<typeof signedInAdmin>>;
  let owner: Awaited<ReturnType<typeof signedInWithRole>> & { homeId: string; applicationId: string };

  const notices = async (email: string) => (await mailsTo(app.db, email)).filter((m) => m.headers && 'List-Unsubscribe' in m.headers).reverse();
  const optIn = (email: string, kind: NotificationKind, subscribed = true) =>
    setPreference(app.db, { emailKey: emailKeyOf(email), kind, subscribed, via: 'account' });

  beforeAll(async () => {
    app = await startTestServer(AUTH_TEST_ENV);
    listener = await signedInAdmin(app);
    quiet = await signedInAdmin(app);
    for (const kind of ['staff_home_notices', 'staff_payment_changes', 'staff_messages'] as const) await optIn(listener.account.email, kind);
    const signedIn = await signedInWithRole(app, 'homeowner');
    const home = await insertTestHome(app.db, { purchaseDate: '2026-01-15', monthlyPaymentCents: TOP });
    await app.db.update(homes).set({ userId: signedIn.user.id }).where(eq(homes.id, home.homeId));
    await runCharges(app.db, { today: ledgerToday() });
    // The homeowner's conversation is their application's: move it to them too.
    await app.db.update(applications).set({ userId: signedIn.user.id, firstName: 'Hana' }).where(eq(applications.id, home.applicationId));
    owner = { ...signedIn, homeId: home.homeId, applicationId: home.applicationId };
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('tells the admins who opted in of a 60-day notice, and nobody else', async () => {
    const sent = await owner.browser.post('/api/me/home/notices', { kind: 'move', requestedDate: earliestNoticeDate(ledgerToday()) });
    expect(sent.status).toBe(201);
    await settleMailJobs(app);
    const [mail] = (await notices(listener.account.email)).filter((m) => m.subject.includes('60-day notice'));
    expect(mail?.subject).toBe(`${owner.account.firstName} sent a 60-day notice`);
    expect(mail?.text).toContain('It is waiting for you to acknowledge it.');
    expect(linkIn(mail!.text, '/admin/homes')?.searchParams.get('home')).toBe(owner.homeId);
    expect(mail?.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(await notices(quiet.account.email)).toEqual([]);
  });

  it('tells them of a request to change the monthly payment, with the amount asked for', async () => {
    const asked = await owner.browser.post('/api/me/home/payment-changes', { monthlyPaymentCents: LOWER });
    expect(asked.status).toBe(201);
    await settleMailJobs(app);
    const [mail] = (await notices(listener.account.email)).filter((m) => m.subject.includes('monthly payment'));
    expect(mail?.subject).toBe(`${owner.account.firstName} asked to change their monthly payment`);
    expect(mail?.text).toContain(`asked for a monthly payment of $${(LOWER / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
    expect(linkIn(mail!.text, '/admin/homes')?.searchParams.get('home')).toBe(owner.homeId);
    expect(await notices(quiet.account.email)).toEqual([]);
  });

  it("tells them of a homeowner's message, as a message about their home", async () => {
    expect((await owner.browser.post('/api/messages', { body: 'The boiler makes a noise.' })).status).toBe(201);
    await app.db
      .update(applicationConversations)
      .set({ staffNotifiedAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(applicationConversations.applicationId, owner.applicationId));
    await runMailJobsNow(app);
    const [mail] = (await notices(listener.account.email)).filter((m) => m.subject.includes('sent a message'));
    expect(mail?.subject).toBe('Hana sent a message');
    expect(mail?.text).toContain('Hana wrote to us about their home. Nobody has read it yet.');
    expect(mail?.text).not.toContain('boiler');
    expect(await notices(quiet.account.email)).toEqual([]);
  });

  it('sends nothing to an admin who turned a kind off', async () => {
    await optIn(listener.account.email, 'staff_payment_changes', false);
    const before = (await notices(listener.account.email)).length;
    const pending = (await owner.browser.get('/api/me/home/changes')).body.paymentChanges.find((c: { state: string }) => c.state === 'pending');
    expect((await owner.browser.post(`/api/me/home/payment-changes/${pending.id}/withdraw`, {})).status).toBeLessThan(300);
    expect((await owner.browser.post('/api/me/home/payment-changes', { monthlyPaymentCents: LOWER })).status).toBe(201);
    await settleMailJobs(app);
    expect(await notices(listener.account.email)).toHaveLength(before);
  });
});
