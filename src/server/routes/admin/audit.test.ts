import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../domain/admin/settings';
import { auditLog } from '../../platform/db/schema';
import { signedInAdmin } from '../../test/admin-client';
import { AUTH_TEST_ENV } from '../../test/auth-client';
import { startTestServer, type TestServer } from '../../test/harness';

const DAY = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

interface Item {
  id: number;
  at: string;
  actorEmail: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  changes: Record<string, unknown> | null;
  ip: string | null;
}

describe('the audit log page: filters, ranges, paging, export', () => {
  let app: TestServer;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;
  const now = Date.now();
  /** Payment entries nobody else writes, at known ages (days ago → action). */
  const aged = { 0.5: 'create', 3: 'approve', 20: 'decline', 60: 'update', 100: 'delete' } as const;

  beforeAll(async () => {
    app = await startTestServer(AUTH_TEST_ENV);
    admin = await signedInAdmin(app);
    for (const [days, action] of Object.entries(aged)) {
      await app.db.insert(auditLog).values({
        at: new Date(now - Number(days) * DAY),
        actorEmail: 'ledger@example.com',
        action,
        entityType: 'payments',
        entityId: `pay-${days}`,
        changes: { amount: { from: 100, to: 200 } },
        ip: '203.0.113.9',
      });
    }
  });
  afterAll(async () => {
    await app?.stop();
  });

  const list = async (query: string) => {
    const reply = await admin.browser.get(`/api/admin/audit?${query}`);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body as { items: Item[]; total: number; page: number; pageSize: number; totalCapped: boolean };
  };
  const ids = (page: { items: Item[] }) => page.items.map((e) => e.entityId);

  it('shows a settings change made through the API with its actor, fields and IP, newest first', async () => {
    const saved = await admin.browser.put('/api/admin/settings', { ...DEFAULT_SETTINGS, hoaDefault: 310 });
    expect(saved.status).toBe(200);
    const page = await list('entity=settings');
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      actorEmail: admin.account.email.toLowerCase(),
      action: 'update',
      entityType: 'settings',
      changes: { hoaDefault: { from: 200, to: 310 } },
    });
    expect(page.items[0]!.ip).toBeTruthy();

    const everything = await list('');
    const times = everything.items.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('keeps the last 7 days by default; 1d, 30d and 90d widen or narrow the window', async () => {
    expect(ids(await list('entity=payments'))).toEqual(['pay-0.5', 'pay-3']);
    expect(ids(await list('entity=payments&range=1d'))).toEqual(['pay-0.5']);
    expect(ids(await list('entity=payments&range=30d'))).toEqual(['pay-0.5', 'pay-3', 'pay-20']);
    expect(ids(await list('entity=payments&range=90d'))).toEqual(['pay-0.5', 'pay-3', 'pay-20', 'pay-60']);
  });

  it('uses the More Filters dates instead of the range when given', async () => {
    const hundred = isoDay(new Date(now - 100 * DAY));
    expect(ids(await list(`entity=payments&from=${hundred}&to=${hundred}`))).toEqual(['pay-100']);
    expect(ids(await list(`entity=payments&range=1d&to=${isoDay(new Date(now - 50 * DAY))}`))).toEqual(['pay-60', 'pay-100']);
    expect(ids(await list(`entity=payments&from=${isoDay(new Date(now - 25 * DAY))}`))).toEqual(['pay-0.5', 'pay-3', 'pay-20']);
  });

  it('filters by action and by entity together', async () => {
    expect(ids(await list('entity=payments&action=decline&range=90d'))).toEqual(['pay-20']);
    expect((await list('entity=payments&action=sign_in&range=90d')).total).toBe(0);
    const updates = await list('action=update');
    // The settings change, and the test admin's own two-factor enrolment (audited on the user).
    expect(updates.items.map((e) => `${e.entityType} ${e.action}`)).toEqual(['settings update', 'users update']);
    expect(updates.items.find((e) => e.entityType === 'users')?.changes).toMatchObject({ twoFactorEnabled: { from: false, to: true } });
  });

  it('pages the log', async () => {
    const first = await list('entity=payments&range=90d&pageSize=3');
    expect(first).toMatchObject({ total: 4, page: 1, pageSize: 3, totalCapped: false });
    expect(ids(first)).toEqual(['pay-0.5', 'pay-3', 'pay-20']);
    const second = await list('entity=payments&range=90d&pageSize=3&page=2');
    expect(ids(second)).toEqual(['pay-60']);
  });

  it('answers 400 with the field to unknown filters', async () => {
    for (const [query, field] of [
      ['entity=spaceships', 'entity'],
      ['action=explode', 'action'],
      ['range=2d', 'range'],
      ['page=0', 'page'],
      ['pageSize=500', 'pageSize'],
      ['from=2025-13-45x', 'from'],
      ['from=2025-03-02&to=2025-03-01', 'to'],
    ] as const) {
      const reply = await admin.browser.get(`/api/admin/audit?${query}`);
      expect(reply.status, query).toBe(400);
      expect(reply.body.error.code).toBe('validation_failed');
      expect(reply.body.error.fields, query).toHaveProperty(field);
    }
  });

  it('exports the filtered log as CSV, and the export is itself recorded', async () => {
    const response = await fetch(`${app.url}/api/admin/audit/export?entity=payments&range=30d`, { headers: { cookie: admin.browser.cookieHeader } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = (await response.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('ID,Time,Actor,Action,Entity Type,Entity ID,Changes,IP');
    expect(lines.slice(1).map((l) => l.split(',')[5])).toEqual(['pay-0.5', 'pay-3', 'pay-20']);
    expect(lines[1]).toContain('ledger@example.com,create,payments,pay-0.5,amount: 100 → 200,203.0.113.9');

    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'export'), eq(auditLog.actorId, admin.user.id)))
      .orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({ entityType: 'audit_log', actorEmail: admin.account.email.toLowerCase() });
    expect(entry!.changes).toMatchObject({ filter: { entity: 'payments', range: '30d', action: 'all' } });
    expect((await list('action=export')).items[0]).toMatchObject({ entityType: 'audit_log', actorEmail: admin.account.email.toLowerCase() });
  });
});
