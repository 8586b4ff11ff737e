import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, publicSettings, type AppSettings } from '../../../domain/admin/settings';
import { REGION_RATE_DEFAULTS } from '../../../domain/calculators/affordability';
import { forgetCachedSettings } from '../../platform/settings/settings-store';
import { auditLog } from '../../platform/db/schema';
import { signedInAdmin } from '../../test/admin-client';
import { AUTH_TEST_ENV } from '../../test/auth-client';
import { startTestServer, type TestServer } from '../../test/harness';

/** The #app-config block of a served page, as the browser reads it. */
async function appConfigOf(app: TestServer, path: string) {
  const response = await fetch(`${app.url}${path}`);
  expect(response.status).toBe(200);
  const html = await response.text();
  const match = html.match(/<script type="application\/json" id="app-config">(.*?)<\/script>/);
  expect(match, 'the page has an #app-config block').toBeTruthy();
  return JSON.parse(match![1]!) as { brand: { name: string }; settings: Record<string, number> };
}

describe('application settings: read, validate, save, audit, and serve to the calculators', () => {
  let app: TestServer;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;

  beforeAll(async () => {
    app = await startTestServer(AUTH_TEST_ENV);
    admin = await signedInAdmin(app);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const settingsAudit = () =>
    app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'settings'), eq(auditLog.action, 'update')))
      .orderBy(desc(auditLog.id));

  it('answers the defaults of docs/product/back-office.md#settings before anything is saved, and serves them to the public pages', async () => {
    const reply = await admin.browser.get('/api/admin/settings');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual(DEFAULT_SETTINGS);
    expect((await appConfigOf(app, '/how-much-home-can-i-afford')).settings).toEqual({
      mortgageRateDefault: 6.4,
      propertyTaxRateDefault: 1.2,
      insuranceRateDefault: 0.5,
      hoaDefault: 200,
      comparisonHorizonDefault: 5,
      // The region pre-fill of variant A step 6 (calculators.md), editable in the settings.
      regionRates: REGION_RATE_DEFAULTS,
    });
  });

  it('refuses invalid settings with 400 and a message per field, and saves nothing', async () => {
    const bad = {
      ...DEFAULT_SETTINGS,
      mortgageRateDefault: -1,
      propertyTaxRateDefault: 1.234,
      hoaDefault: 10.5,
      comparisonHorizonDefault: 11,
      transferFeeConfig: { type: 'percentage', amount: 150 },
      featureFlags: { ...DEFAULT_SETTINGS.featureFlags, otp: 'yes' },
    };
    const reply = await admin.browser.put('/api/admin/settings', bad);
    expect(reply.status).toBe(400);
    expect(reply.body.error.code).toBe('validation_failed');
    expect(reply.body.error.fields).toEqual({
      mortgageRateDefault: 'Mortgage rate cannot be negative.',
      propertyTaxRateDefault: 'Property tax rate takes at most two decimals.',
      hoaDefault: 'HOA is a whole number of dollars.',
      comparisonHorizonDefault: 'Horizon is 1 to 10 years.',
      'transferFeeConfig.amount': 'A percentage is 100 or less.',
      'featureFlags.otp': expect.any(String),
    });

    const { statusEmails: _statusEmails, ...partial } = DEFAULT_SETTINGS;
    const missing = await admin.browser.put('/api/admin/settings', partial);
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toHaveProperty('statusEmails');

    expect((await admin.browser.get('/api/admin/settings')).body).toEqual(DEFAULT_SETTINGS);
    expect(await settingsAudit()).toHaveLength(0);
  });

  it('saves a change with an audit entry of exactly the changed fields, and the calculators get the new defaults', async () => {
    const next: AppSettings = {
      ...DEFAULT_SETTINGS,
      mortgageRateDefault: 7.1,
      hoaDefault: 275,
      comparisonHorizonDefault: 7,
      featureFlags: { ...DEFAULT_SETTINGS.featureFlags, otp: true },
    };
    const reply = await admin.browser.put('/api/admin/settings', next);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual(next);
    expect((await admin.browser.get('/api/admin/settings')).body).toEqual(next);

    const [entry, ...others] = await settingsAudit();
    expect(others).toHaveLength(0);
    expect(entry).toMatchObject({ actorEmail: admin.account.email.toLowerCase(), actorId: admin.user.id, entityId: 'app' });
    expect(entry!.changes).toEqual({
      mortgageRateDefault: { from: 6.4, to: 7.1 },
      hoaDefault: { from: 200, to: 275 },
      comparisonHorizonDefault: { from: 5, to: 7 },
      'featureFlags.otp': { from: false, to: true },
    });

    // docs/product/back-office.md#settings: settings change the calculator defaults served to the public pages — at once, on this instance.
    for (const path of ['/how-much-home-can-i-afford', '/affordability', '/']) {
      const config = await appConfigOf(app, path);
      expect(config.settings, path).toEqual(publicSettings(next));
      expect(config.brand.name).toBeTruthy();
    }
  });

  it('records nothing when a save changes nothing', async () => {
    const current = (await admin.browser.get('/api/admin/settings')).body as AppSettings;
    const before = (await settingsAudit()).length;
    const reply = await admin.browser.put('/api/admin/settings', current);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual(current);
    expect(await settingsAudit()).toHaveLength(before);
  });

  it('records a transfer-fee change field by field', async () => {
    const current = (await admin.browser.get('/api/admin/settings')).body as AppSettings;
    const reply = await admin.browser.put('/api/admin/settings', { ...current, transferFeeConfig: { type: 'fixed', amount: 1500 }, statusEmails: false });
    expect(reply.status).toBe(200);
    const [entry] = await settingsAudit();
    expect(entry!.changes).toEqual({
      'transferFeeConfig.type': { from: 'percentage', to: 'fixed' },
      'transferFeeConfig.amount': { from: 2, to: 1500 },
      statusEmails: { from: true, to: false },
    });
  });

  it('saves the regional rates table (validated, audited region by region) and the pages pre-fill from it', async () => {
    const current = (await admin.browser.get('/api/admin/settings')).body as AppSettings;
    expect(current.regionRates).toEqual(DEFAULT_SETTINGS.regionRates);

    const bad = await admin.browser.put('/api/admin/settings', {
      ...current,
      regionRates: { ...current.regionRates, TX: { propertyTaxRate: 31, insuranceRate: 0.123 } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({
      'regionRates.TX.propertyTaxRate': 'Texas property tax must be 30% or less.',
      'regionRates.TX.insuranceRate': 'Texas insurance takes at most two decimals.',
    });

    const next: AppSettings = { ...current, regionRates: { ...current.regionRates, TX: { propertyTaxRate: 1.75, insuranceRate: 1.05 } } };
    const reply = await admin.browser.put('/api/admin/settings', next);
    expect(reply.status).toBe(200);
    expect(reply.body.regionRates.TX).toEqual({ propertyTaxRate: 1.75, insuranceRate: 1.05 });
    const [entry] = await settingsAudit();
    expect(entry!.changes).toEqual({
      'regionRates.TX.propertyTaxRate': { from: 1.6, to: 1.75 },
      'regionRates.TX.insuranceRate': { from: 0.9, to: 1.05 },
    });
    expect(((await appConfigOf(app, '/how-much-home-can-i-afford')).settings as unknown as AppSettings).regionRates.TX).toEqual({
      propertyTaxRate: 1.75,
      insuranceRate: 1.05,
    });
    await admin.browser.put('/api/admin/settings', current);
  });

  it('still serves the pages, with the default settings, when the settings cannot be read', async () => {
    await app.asOwner(sql`alter table settings rename to settings_unavailable`);
    forgetCachedSettings(app.db);
    try {
      expect((await appConfigOf(app, '/how-much-home-can-i-afford')).settings).toEqual(publicSettings(DEFAULT_SETTINGS));
    } finally {
      await app.asOwner(sql`alter table settings_unavailable rename to settings`);
      forgetCachedSettings(app.db);
    }
    expect((await appConfigOf(app, '/how-much-home-can-i-afford')).settings.hoaDefault).toBe(275);
  });
});
