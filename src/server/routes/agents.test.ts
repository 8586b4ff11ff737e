import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, buyerAgents, partnerAgents } from '../platform/db/schema';
import { insertApplication } from '../test/admin-applications';
import { signedInAdmin, signedInWithRole } from '../test/admin-client';
import { AUTH_TEST_ENV, mailsTo } from '../test/auth-client';
import { startTestServer, uniqueEmail, type TestServer } from '../test/harness';
import { settleMailJobs } from '../test/mail-jobs';

/**
 * Agents, the 'Find' step (docs/product/back-office.md#partner-agents): staff keep partner agents
 * by state; an approved buyer brings their own agent or asks to be matched; staff assign an
 * active agent serving the buyer's state, and the buyer is e-mailed and sees them.
 */

const agentBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Maria Lopez',
  brokerage: 'Lone Star Realty',
  licenceNumber: 'TX-0654321',
  email: uniqueEmail('agent'),
  phone: '(512) 555-0142',
  states: 'tx, ok',
  ...overrides,
});

describe('agents: partner agents, the buyer’s choice, matching', () => {
  let app: TestServer;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;

  beforeAll(async () => {
    app = await startTestServer(AUTH_TEST_ENV);
    admin = await signedInAdmin(app);
  });
  afterAll(async () => {
    await app?.stop();
  });

  /** A signed-in buyer whose application has `status`. */
  async function buyer(status: 'approved' | 'submitted' | 'declined' = 'approved') {
    const signedIn = await signedInWithRole(app, 'applicant');
    if (status) await insertApplication(app.db, { userId: signedIn.user.id, status });
    return signedIn;
  }

  const audits = (entityType: 'partner_agents' | 'agent_choices', entityId: string) =>
    app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)))
      .orderBy(desc(auditLog.id));
  /** The 'Meet your agent' mails to `email` (sign-up sent others before). */
  const agentMails = async (email: string) => (await mailsTo(app.db, email)).filter((m) => m.subject.startsWith('Meet your agent'));
  const agentCount = async () => (await app.db.select({ n: count() }).from(partnerAgents))[0]!.n;
  const choiceOf = async (userId: string) => (await app.db.select().from(buyerAgents).where(eq(buyerAgents.userId, userId)))[0];

  async function addAgent(overrides: Record<string, unknown> = {}) {
    const reply = await admin.browser.post('/api/admin/agents', agentBody(overrides));
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return reply.body as { id: string; name: string; states: string[]; active: boolean };
  }

  describe('partner agents', () => {
    it('adds an agent with the states as sorted codes, audited, and lists it by state and search', async () => {
      const tag = `Zed${Date.now().toString(36)}`;
      const body = agentBody({ name: `Maria ${tag}`, states: 'ok, TX dc tx' });
      const reply = await admin.browser.post('/api/admin/agents', body);
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      expect(reply.body).toMatchObject({ name: `Maria ${tag}`, brokerage: 'Lone Star Realty', states: ['DC', 'OK', 'TX'], active: true });
      const [entry] = await audits('partner_agents', reply.body.id);
      expect(entry).toMatchObject({ action: 'create', actorId: admin.user.id });
      expect(entry!.changes).toMatchObject({ name: `Maria ${tag}`, states: ['DC', 'OK', 'TX'] });

      const inTexas = await admin.browser.get(`/api/admin/agents?q=${tag}&state=TX`);
      expect(inTexas.status).toBe(200);
      expect(inTexas.headers.get('cache-control')).toBe('no-store');
      expect(inTexas.body.items.map((a: { id: string }) => a.id)).toEqual([reply.body.id]);
      const inUtah = await admin.browser.get(`/api/admin/agents?q=${tag}&state=UT`);
      expect(inUtah.body.items).toEqual([]);
      const byEmail = await admin.browser.get(`/api/admin/agents?q=${encodeURIComponent(body.email)}`);
      expect(byEmail.body.items.map((a: { id: string }) => a.id)).toEqual([reply.body.id]);
    });

    it('refuses bad input with a message per field and writes nothing', async () => {
      const before = await agentCount();
      const reply = await admin.browser.post('/api/admin/agents', {
        name: '',
        brokerage: 'x'.repeat(161),
        licenceNumber: '#1',
        email: 'not-an-address',
        phone: '12',
        states: 'TX, ZZ',
      });
      expect(reply.status).toBe(400);
      expect(reply.body.error.code).toBe('validation_failed');
      expect(reply.body.error.fields).toEqual({
        name: 'Name is required',
        brokerage: 'Brokerage must be at most 160 characters',
        licenceNumber: 'A licence number has only letters, digits, dashes and dots',
        email: 'Enter a valid email address',
        phone: 'Enter a valid phone number',
        states: 'Not a US state code: ZZ. Use two letters, like TX or DC.',
      });
      const missing = await admin.browser.post('/api/admin/agents', { states: '' });
      expect(missing.status).toBe(400);
      expect(missing.body.error.fields).toMatchObject({
        name: 'Name is required',
        licenceNumber: 'Licence number is required',
        email: 'Email is required',
        phone: 'Phone is required',
        states: 'Enter at least one state, like TX',
      });
      expect(await agentCount()).toBe(before);
    });

    it('edits an agent, auditing exactly the changed fields, and deactivates it', async () => {
      const agent = await addAgent();
      const edited = await admin.browser.put(`/api/admin/agents/${agent.id}`, agentBody({ ...agent, email: 'maria.new@example.com', states: 'TX NM' }));
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      expect(edited.body).toMatchObject({ email: 'maria.new@example.com', states: ['NM', 'TX'] });
      const [update] = await audits('partner_agents', agent.id);
      expect(update).toMatchObject({ action: 'update' });
      expect(Object.keys(update!.changes!).sort()).toEqual(['email', 'states']);
      expect(update!.changes!.states).toEqual({ from: ['OK', 'TX'], to: ['NM', 'TX'] });

      const again = await admin.browser.put(`/api/admin/agents/${agent.id}`, agentBody({ ...edited.body, states: ['TX', 'NM'] }));
      expect(again.status).toBe(200);
      expect(await audits('partner_agents', agent.id)).toHaveLength(2);

      const off = await admin.browser.patch(`/api/admin/agents/${agent.id}/active`, { active: false });
      expect(off.status).toBe(200);
      expect(off.body.active).toBe(false);
      const [deactivated] = await audits('partner_agents', agent.id);
      expect(deactivated!.changes).toEqual({ active: { from: true, to: false } });
      const inactive = await admin.browser.get(`/api/admin/agents?q=${agent.id.slice(0, 8)}&status=inactive`);
      expect(inactive.body.items.map((a: { id: string }) => a.id)).toEqual([agent.id]);

      const bad = await admin.browser.put(`/api/admin/agents/${agent.id}`, agentBody({ states: 'Texas' }));
      expect(bad.status).toBe(400);
      expect(bad.body.error.fields.states).toMatch(/Not a US state code/);
      expect((await app.db.select().from(partnerAgents).where(eq(partnerAgents.id, agent.id)))[0]!.states).toEqual(['NM', 'TX']);
      expect((await admin.browser.put(`/api/admin/agents/${crypto.randomUUID()}`, agentBody())).status).toBe(404);
    });

    it('is staff only', async () => {
      const someone = await buyer();
      expect((await someone.browser.get('/api/admin/agents')).status).toBe(403);
      expect((await someone.browser.post('/api/admin/agents', agentBody())).status).toBe(403);
      expect((await someone.browser.get('/api/admin/agent-requests')).status).toBe(403);
    });
  });

  describe("the buyer's choice", () => {
    it('refuses a buyer whose application is not approved, writing nothing', async () => {
      for (const status of ['submitted', 'declined'] as const) {
        const notYet = await buyer(status);
        const mine = await notYet.browser.get('/api/me/agent');
        expect(mine.body).toEqual({ approved: false, choice: null });
        const reply = await notYet.browser.put('/api/me/agent', { kind: 'match', state: 'TX' });
        expect(reply.status).toBe(409);
        expect(reply.body.error).toMatchObject({ code: 'not_approved', message: 'You can choose an agent once your home application is approved.' });
        expect(await choiceOf(notYet.user.id)).toBeUndefined();
      }
      const none = await signedInWithRole(app, 'guest');
      expect((await none.browser.put('/api/me/agent', { kind: 'match', state: 'TX' })).status).toBe(409);
    });

    it('saves their own agent, audited with the buyer as the actor, and lets them change it', async () => {
      const me = await buyer();
      const reply = await me.browser.put('/api/me/agent', {
        kind: 'own',
        name: 'Sam Reyes',
        brokerage: 'Hill Country Homes',
        licenceNumber: '',
        email: 'sam.reyes@example.com',
        phone: '',
        state: 'ignored',
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(reply.headers.get('cache-control')).toBe('no-store');
      expect(reply.body).toMatchObject({
        approved: true,
        choice: {
          kind: 'own',
          agent: { name: 'Sam Reyes', brokerage: 'Hill Country Homes', licenceNumber: null, email: 'sam.reyes@example.com', phone: null },
        },
      });
      const row = (await choiceOf(me.user.id))!;
      const [created] = await audits('agent_choices', row.id);
      expect(created).toMatchObject({ action: 'create', actorId: me.user.id });

      const switched = await me.browser.put('/api/me/agent', { kind: 'match', state: 'TX' });
      expect(switched.body.choice).toEqual({ kind: 'match', state: 'TX', agent: null, assignedAt: null, updatedAt: expect.any(String) });
      const [update] = await audits('agent_choices', row.id);
      expect(update!.changes).toMatchObject({
        kind: { from: 'own', to: 'match' },
        agentName: { from: 'Sam Reyes', to: null },
        matchState: { from: null, to: 'TX' },
      });
      expect((await app.db.select({ n: count() }).from(buyerAgents).where(eq(buyerAgents.userId, me.user.id)))[0]!.n).toBe(1);
      expect((await me.browser.get('/api/me/agent')).body.choice).toMatchObject({ kind: 'match', state: 'TX' });
    });

    it('refuses bad input with a message per field and keeps the choice as it was', async () => {
      const me = await buyer();
      await me.browser.put('/api/me/agent', { kind: 'match', state: 'OK' });
      const own = await me.browser.put('/api/me/agent', { kind: 'own', name: '', email: '', phone: '' });
      expect(own.status).toBe(400);
      expect(own.body.error.fields).toEqual({ name: "Enter your agent's name", email: 'Enter an email or a phone number so we can reach your agent' });
      const badContact = await me.browser.put('/api/me/agent', { kind: 'own', name: 'Sam', email: 'nope', phone: 'call me' });
      expect(badContact.body.error.fields).toEqual({ email: 'Enter a valid email address', phone: 'Enter a valid phone number' });
      const match = await me.browser.put('/api/me/agent', { kind: 'match', state: 'Texas' });
      expect(match.body.error.fields).toEqual({ state: 'Choose the state you are looking in' });
      const kind = await me.browser.put('/api/me/agent', { kind: 'maybe' });
      expect(kind.body.error.fields.kind).toBe('Choose whether you have an agent');
      const nul = await me.browser.put('/api/me/agent', { kind: 'own', name: 'Sam\u0000', email: 'sam@example.com' });
      expect(nul.status).toBe(400);
      expect(await choiceOf(me.user.id)).toMatchObject({ kind: 'match', matchState: 'OK', agentName: null });
    });

    it("never shows one buyer another buyer's choice", async () => {
      const one = await buyer();
      const other = await buyer();
      await one.browser.put('/api/me/agent', { kind: 'own', name: 'Private Agent', email: 'private@example.com' });
      const theirs = await other.browser.get('/api/me/agent');
      expect(theirs.body).toEqual({ approved: true, choice: null });
      expect(JSON.stringify(theirs.body)).not.toContain('Private Agent');
      const row = (await choiceOf(one.user.id))!;
      // The only id-addressed route is staff's.
      expect((await other.browser.post(`/api/admin/agent-requests/${row.id}/assign`, { agentId: crypto.randomUUID() })).status).toBe(403);
      expect((await app.db.select().from(buyerAgents).where(eq(buyerAgents.id, row.id)))[0]!.agentName).toBe('Private Agent');
    });
  });

  describe('matching', () => {
    it('lists waiting requests, assigns an agent serving the state, mails the buyer, who sees the agent', async () => {
      const me = await buyer();
      await me.browser.put('/api/me/agent', { kind: 'match', state: 'TX' });
      const request = (await choiceOf(me.user.id))!;
      const agent = await addAgent({ name: 'Tess Texas', states: 'TX' });

      const waiting = await admin.browser.get(`/api/admin/agent-requests?q=${encodeURIComponent(me.account.email)}`);
      expect(waiting.status).toBe(200);
      expect(waiting.body.items).toEqual([
        expect.objectContaining({ id: request.id, userId: me.user.id, buyerEmail: me.account.email.toLowerCase(), state: 'TX', agent: null, assignedAt: null }),
      ]);

      const reply = await admin.browser.post(`/api/admin/agent-requests/${request.id}/assign`, { agentId: agent.id });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(reply.body).toMatchObject({
        id: request.id,
        agent: { id: agent.id, name: 'Tess Texas', brokerage: 'Lone Star Realty' },
        assignedAt: expect.any(String),
      });
      const [assigned] = await audits('agent_choices', request.id);
      expect(assigned).toMatchObject({ action: 'assign', actorId: admin.user.id });
      expect(assigned!.changes).toMatchObject({ partnerAgentId: { from: null, to: agent.id }, state: 'TX' });

      const stillWaiting = await admin.browser.get(`/api/admin/agent-requests?q=${encodeURIComponent(me.account.email)}`);
      expect(stillWaiting.body.items).toEqual([]);
      const done = await admin.browser.get(`/api/admin/agent-requests?status=assigned&q=${encodeURIComponent(me.account.email)}`);
      expect(done.body.items.map((r: { id: string }) => r.id)).toEqual([request.id]);

      await settleMailJobs(app);
      const [mail] = await agentMails(me.account.email);
      expect(mail!.subject).toBe('Meet your agent: Tess Texas');
      expect(mail!.text).toContain('Tess Texas of Lone Star Realty, one of our partner agents in Texas');
      expect(mail!.text).toContain('(512) 555-0142');

      const mine = await me.browser.get('/api/me/agent');
      expect(mine.body.choice).toMatchObject({ kind: 'match', state: 'TX', agent: { name: 'Tess Texas', phone: '(512) 555-0142' } });

      // The same agent again changes nothing and mails nothing more.
      expect((await admin.browser.post(`/api/admin/agent-requests/${request.id}/assign`, { agentId: agent.id })).status).toBe(200);
      await settleMailJobs(app);
      expect(await agentMails(me.account.email)).toHaveLength(1);
      expect(await audits('agent_choices', request.id)).toHaveLength(2);

      // Asking again for the same state keeps the agent; another state drops them.
      await me.browser.put('/api/me/agent', { kind: 'match', state: 'TX' });
      expect((await choiceOf(me.user.id))!.partnerAgentId).toBe(agent.id);
      await me.browser.put('/api/me/agent', { kind: 'match', state: 'OK' });
      expect(await choiceOf(me.user.id)).toMatchObject({ partnerAgentId: null, assignedAt: null, matchState: 'OK' });
    });

    it('refuses an agent who does not serve the state, an inactive one or an unknown one, under the field, writing nothing', async () => {
      const me = await buyer();
      await me.browser.put('/api/me/agent', { kind: 'match', state: 'TX' });
      const request = (await choiceOf(me.user.id))!;
      const elsewhere = await addAgent({ name: 'Cal Coast', states: 'CA' });
      const asleep = await addAgent({ name: 'Ina Active', states: 'TX' });
      await admin.browser.patch(`/api/admin/agents/${asleep.id}/active`, { active: false });

      const wrongState = await admin.browser.post(`/api/admin/agent-requests/${request.id}/assign`, { agentId: elsewhere.id });
      expect(wrongState.status).toBe(409);
      expect(wrongState.body.error).toMatchObject({
        code: 'agent_not_serving',
        fields: { agentId: 'Cal Coast does not serve Texas. Choose an agent who does.' },
      });
      const inactive = await admin.browser.post(`/api/admin/agent-requests/${request.id}/assign`, { agentId: asleep.id });
      expect(inactive.status).toBe(409);
      expect(inactive.body.error).toMatchObject({ code: 'agent_inactive', fields: { agentId: 'Ina Active is inactive. Choose an active partner agent.' } });
      const unknown = await admin.browser.post(`/api/admin/agent-requests/${request.id}/assign`, { agentId: crypto.randomUUID() });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error.fields).toEqual({ agentId: 'Choose a partner agent from the list.' });
      const malformed = await admin.browser.post(`/api/admin/agent-requests/${request.id}/assign`, { agentId: 'x' });
      expect(malformed.status).toBe(400);
      expect(malformed.body.error.fields).toEqual({ agentId: 'Choose a partner agent' });

      expect(await choiceOf(me.user.id)).toMatchObject({ partnerAgentId: null, assignedAt: null });
      expect(await audits('agent_choices', request.id)).toHaveLength(1);
      await settleMailJobs(app);
      expect(await agentMails(me.account.email)).toHaveLength(0);
      expect((await admin.browser.post(`/api/admin/agent-requests/${crypto.randomUUID()}/assign`, { agentId: elsewhere.id })).status).toBe(404);
    });

    it('refuses to assign once the buyer has their own agent', async () => {
      const me = await buyer();
      await me.browser.put('/api/me/agent', { kind: 'match', state: 'TX' });
      const request = (await choiceOf(me.user.id))!;
      await me.browser.put('/api/me/agent', { kind: 'own', name: 'Own Agent', phone: '512 555 0100' });
      const agent = await addAgent({ states: 'TX' });
      const reply = await admin.browser.post(`/api/admin/agent-requests/${request.id}/assign`, { agentId: agent.id });
      expect(reply.status).toBe(409);
      expect(reply.body.error.code).toBe('not_matching');
      expect(await choiceOf(me.user.id)).toMatchObject({ kind: 'own', partnerAgentId: null });
    });

    it('exports the agents and the requests as CSV, audited', async () => {
      const response = await fetch(`${app.url}/api/admin/agents/export?state=TX`, { headers: { cookie: admin.browser.cookieHeader } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
      const text = await response.text();
      expect(text.split('\r\n')[0]).toBe('ID,Name,Brokerage,Licence Number,Email,Phone,States,Active,Added');
      expect(text).toContain('Tess Texas');
      expect(text).not.toContain('Cal Coast');
      const [entry] = await app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'partner_agents'), eq(auditLog.action, 'export')))
        .orderBy(desc(auditLog.id));
      expect(entry).toBeDefined();
      const requests = await fetch(`${app.url}/api/admin/agent-requests/export?status=all`, { headers: { cookie: admin.browser.cookieHeader } });
      expect(requests.status).toBe(200);
      expect((await requests.text()).split('\r\n')[0]).toBe('ID,Buyer,Email,State,State Name,Requested,Agent,Assigned');
    });
  });
});
