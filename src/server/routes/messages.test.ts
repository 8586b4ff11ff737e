import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_DELETE_MESSAGES } from '../../domain/application/messages';
import { applicationMessages, applications, auditLog, homes } from '../platform/db/schema';
import { insertApplication } from '../test/admin-applications';
import { signedInAdmin, signedInWithRole } from '../test/admin-client';
import { insertTestHome } from '../test/home-fixtures';
import { signUp, type Member } from '../test/application-client';
import { AUTH_TEST_ENV } from '../test/auth-client';
import { startTestServer, type TestServer } from '../test/harness';

/**
 * The conversation per application between its owner and our staff
 * (docs/product/application.md#conversation; docs/decisions/021-requests-and-messages.md):
 * both sides send, read and delete their own within 5 minutes, unread counts, paging,
 * the rate limit, audit entries without the text, and nobody else's ids.
 */
describe('messages: the buyer and staff talk about an application', () => {
  let app: TestServer;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;
  let buyer: Member;
  let applicationId: string;

  const auditOf = (entityId: string) => app.db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(asc(auditLog.id));
  const staffPath = (id = applicationId) => `/api/admin/applications/${id}/messages`;

  beforeAll(async () => {
    app = await startTestServer(AUTH_TEST_ENV);
    admin = await signedInAdmin(app);
    buyer = await signUp(app);
    applicationId = (await insertApplication(app.db, { userId: buyer.userId, status: 'submitted' })).id;
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('a user without an application sees an empty conversation and cannot send', async () => {
    const newcomer = await signUp(app);
    const conversation = await newcomer.browser.get('/api/messages');
    expect(conversation.status).toBe(200);
    expect(conversation.body).toEqual({ applicationId: null, messages: [], olderCursor: null, unread: 0, home: null });
    expect((await newcomer.browser.get('/api/messages/unread')).body).toEqual({ unread: 0 });
    const sent = await newcomer.browser.post('/api/messages', { body: 'Hello?' });
    expect(sent.status).toBe(404);
    expect(sent.body.error.code).toBe('no_application');
  });

  it('refuses an empty, an over-long or an unsafe message with a field message', async () => {
    for (const body of [{ body: '   ' }, { body: 'x'.repeat(5001) }, { body: 'a\u0000b' }, { body: 'a\ud800b' }, {}]) {
      const reply = await buyer.browser.post('/api/messages', body);
      expect(reply.status).toBe(400);
      expect(reply.body.error.fields.body).toBeTruthy();
    }
    expect((await buyer.browser.post('/api/messages', { body: 'x'.repeat(5000) })).status).toBe(201);
    await app.db.delete(applicationMessages).where(eq(applicationMessages.applicationId, applicationId));
  });

  it('the buyer writes, staff reads and answers, each side counts the other side’s unread messages until read', async () => {
    const sent = await buyer.browser.post('/api/messages', { body: '  When will I hear back?  ' });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ side: 'applicant', body: 'When will I hear back?', mine: true, deletedAt: null });

    // Audited without its text.
    const [entry] = await auditOf(sent.body.id);
    expect(entry).toMatchObject({
      action: 'create',
      entityType: 'messages',
      actorId: buyer.userId,
      changes: { application: applicationId, side: 'applicant' },
    });
    expect(JSON.stringify(entry)).not.toContain('hear back');

    const staffView = await admin.browser.get(staffPath());
    expect(staffView.status).toBe(200);
    expect(staffView.body).toMatchObject({ applicationId, unread: 1, olderCursor: null });
    expect(staffView.body.messages).toEqual([expect.objectContaining({ id: sent.body.id, side: 'applicant', mine: false })]);
    expect((await buyer.browser.get('/api/messages/unread')).body).toEqual({ unread: 0 });

    const answer = await admin.browser.post(staffPath(), { body: 'Within two working days.' });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ side: 'staff', senderName: 'Ada Admin', mine: true });
    expect((await auditOf(answer.body.id))[0]).toMatchObject({ action: 'create', entityType: 'messages', changes: { side: 'staff' } });
    // Answering reads the conversation up to the answer.
    expect((await admin.browser.get(staffPath())).body.unread).toBe(0);

    expect((await buyer.browser.get('/api/messages/unread')).body).toEqual({ unread: 1 });
    const buyerView = await buyer.browser.get('/api/messages');
    expect(buyerView.body.unread).toBe(1);
    expect(buyerView.body.messages.map((m: { body: string; mine: boolean }) => [m.body, m.mine])).toEqual([
      ['When will I hear back?', true],
      ['Within two working days.', false],
    ]);
    const read = await buyer.browser.post('/api/messages/read', { upTo: answer.body.id });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ unread: 0 });
    // Reading an older message never moves the marker back.
    expect((await buyer.browser.post('/api/messages/read', { upTo: sent.body.id })).body).toEqual({ unread: 0 });

    const next = await buyer.browser.post('/api/messages', { body: 'Thanks!' });
    expect((await admin.browser.get(staffPath())).body.unread).toBe(1);
    // The admin list shows staff's unread count per application (0 where there is no conversation).
    const list = await admin.browser.get('/api/admin/applications?pageSize=100');
    expect(list.status).toBe(200);
    const rows = list.body.items as { id: string; unread: number }[];
    expect(rows.find((r) => r.id === applicationId)?.unread).toBe(1);
    expect(rows.filter((r) => r.id !== applicationId).every((r) => r.unread === 0)).toBe(true);
    expect((await admin.browser.post(`${staffPath()}/read`, { upTo: next.body.id })).body).toEqual({ unread: 0 });
  });

  it('a sender deletes their own message within 5 minutes; it shows as deleted; later, twice, or another’s answers 409', async () => {
    const mine = await buyer.browser.post('/api/messages', { body: 'Oops, wrong chat.' });
    const staff = await admin.browser.post(staffPath(), { body: 'Noted.' });

    const deleted = await buyer.browser.delete(`/api/messages/${mine.body.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ ok: true });
    const view = await buyer.browser.get('/api/messages');
    const shown = view.body.messages.find((m: { id: string }) => m.id === mine.body.id);
    expect(shown).toMatchObject({ body: '', deletedAt: expect.any(String) });
    const [row] = await app.db.select().from(applicationMessages).where(eq(applicationMessages.id, mine.body.id));
    expect(row?.body).toBe('');
    expect((await auditOf(mine.body.id)).map((e) => e.action)).toEqual(['create', 'delete']);

    const again = await buyer.browser.delete(`/api/messages/${mine.body.id}`);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(MESSAGE_DELETE_MESSAGES.already_deleted);

    const notMine = await buyer.browser.delete(`/api/messages/${staff.body.id}`);
    expect(notMine.status).toBe(409);
    expect(notMine.body.error.message).toBe(MESSAGE_DELETE_MESSAGES.not_yours);

    const old = await buyer.browser.post('/api/messages', { body: 'An older thought.' });
    await app.db
      .update(applicationMessages)
      .set({ createdAt: sql`now() - interval '5 minutes 1 second'` })
      .where(eq(applicationMessages.id, old.body.id));
    const late = await buyer.browser.delete(`/api/messages/${old.body.id}`);
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({ code: 'too_late', message: 'A message can be deleted only within 5 minutes of sending it.' });

    // The buyer's data export carries the conversation, a deleted message without its text.
    const exported = (await buyer.browser.get('/api/me/export')).body as { messages: { side: string; body: string; deletedAt: string | null }[] };
    expect(exported.messages).toContainEqual(expect.objectContaining({ side: 'applicant', body: '', deletedAt: expect.any(String) }));
    expect(exported.messages).toContainEqual(expect.objectContaining({ side: 'staff', body: 'Noted.', deletedAt: null }));
    expect(JSON.stringify(exported)).not.toContain('Oops, wrong chat.');

    // Staff deletes its own the same way.
    expect((await admin.browser.delete(`/api/admin/messages/${staff.body.id}`)).status).toBe(200);
    // A deleted staff message is not unread.
    expect((await buyer.browser.get('/api/messages/unread')).body.unread).toBe(0);
  });

  it('another user never sees, reads or deletes the conversation: their ids answer 404', async () => {
    const other = await signUp(app);
    await insertApplication(app.db, { userId: other.userId, status: 'submitted' });
    const buyerMessage = await buyer.browser.post('/api/messages', { body: 'Private question.' });
    const staffMessage = await admin.browser.post(staffPath(), { body: 'Private answer.' });

    const theirs = await other.browser.get('/api/messages');
    expect(theirs.body.messages).toEqual([]);
    expect(theirs.body.applicationId).not.toBe(applicationId);
    expect((await other.browser.get('/api/messages/unread')).body).toEqual({ unread: 0 });
    for (const id of [buyerMessage.body.id, staffMessage.body.id]) {
      expect((await other.browser.delete(`/api/messages/${id}`)).status).toBe(404);
      expect((await other.browser.post('/api/messages/read', { upTo: id })).status).toBe(404);
      expect((await other.browser.get(`/api/messages?before=${id}`)).status).toBe(404);
    }
    expect((await other.browser.delete('/api/messages/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await other.browser.get(staffPath())).status).toBe(403);
    expect((await other.browser.post(staffPath(), { body: 'Let me in' })).status).toBe(403);
    // The message is untouched.
    const [row] = await app.db.select().from(applicationMessages).where(eq(applicationMessages.id, buyerMessage.body.id));
    expect(row?.deletedAt).toBeNull();
    // Staff naming an application that does not exist.
    expect((await admin.browser.get(staffPath('00000000-0000-4000-8000-000000000000'))).status).toBe(404);
  });

  it('pages older messages by a cursor, newest at the bottom', async () => {
    const member = await signUp(app);
    const { id } = await insertApplication(app.db, { userId: member.userId, status: 'in_review' });
    const start = Date.now() - 3_600_000;
    await app.db.insert(applicationMessages).values(
      Array.from({ length: 60 }, (_, i) => ({
        applicationId: id,
        senderId: member.userId,
        senderSide: 'applicant' as const,
        body: `message ${i + 1}`,
        createdAt: new Date(start + i * 1000),
      })),
    );
    const first = await member.browser.get('/api/messages');
    expect(first.body.messages).toHaveLength(50);
    expect(first.body.messages[0].body).toBe('message 11');
    expect(first.body.messages[49].body).toBe('message 60');
    expect(first.body.olderCursor).toBe(first.body.messages[0].id);
    const older = await member.browser.get(`/api/messages?before=${first.body.olderCursor}`);
    expect(older.body.messages.map((m: { body: string }) => m.body)).toEqual(Array.from({ length: 10 }, (_, i) => `message ${i + 1}`));
    expect(older.body.olderCursor).toBeNull();
    expect((await member.browser.get('/api/messages?before=nope')).status).toBe(400);
  });

  it('rate limits a user to 30 messages in 10 minutes: then 429 with Retry-After', async () => {
    const member = await signUp(app);
    const { id } = await insertApplication(app.db, { userId: member.userId, status: 'submitted' });
    for (let i = 0; i < 30; i++) expect((await member.browser.post('/api/messages', { body: `m${i}` })).status).toBe(201);
    const refused = await member.browser.post('/api/messages', { body: 'one too many' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const stored = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(applicationMessages)
      .where(and(eq(applicationMessages.applicationId, id)));
    expect(stored[0]?.n).toBe(30);
  });

  it("a homeowner's conversation is about their home too: both sides see which", async () => {
    const owner = await signedInWithRole(app, 'homeowner');
    const home = await insertTestHome(app.db);
    await app.db.update(homes).set({ userId: owner.user.id }).where(eq(homes.id, home.homeId));
    await app.db.update(applications).set({ userId: owner.user.id }).where(eq(applications.id, home.applicationId));
    const mine = await owner.browser.get('/api/messages');
    expect(mine.body).toMatchObject({ applicationId: home.applicationId, home: { id: home.homeId, address: '12 Elm Street, Springfield, IL 62701' } });
    expect((await owner.browser.post('/api/messages', { body: 'Can I pay on the 5th instead?' })).status).toBe(201);
    const staffSide = await admin.browser.get(staffPath(home.applicationId));
    expect(staffSide.body.home).toEqual({ id: home.homeId, address: '12 Elm Street, Springfield, IL 62701' });
    expect(staffSide.body.messages.map((m: { body: string }) => m.body)).toEqual(['Can I pay on the 5th instead?']);
    // An application without a home says so.
    expect((await admin.browser.get(staffPath())).body.home).toBeNull();
  });
});
