import { diffFields } from '../../../domain/admin/audit';
import { adminSettingsApi } from '../../../domain/api/admin-settings';
import { recordAudit } from '../../platform/audit/audit';
import { actorOf, type AuthedEnv } from '../../platform/http/guards';
import { forgetCachedSettings, getSettings, saveSettings } from '../../platform/settings/settings-store';
import { apiRouter, route } from '../../platform/http/route';

/**
 * The settings as flat `field` / `group.field` / `group.key.field` values, so the audit entry names
 * exactly what changed ('featureFlags.otp: false → true', 'regionRates.TX.propertyTaxRate: 1.6 → 1.7')
 * rather than a whole group.
 */
function flatten(value: object, prefix = ''): Record<string, unknown> {
  const flat: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (inner && typeof inner === 'object') Object.assign(flat, flatten(inner as object, `${prefix}${key}.`));
    else flat[`${prefix}${key}`] = inner;
  }
  return flat;
}

/** `/api/admin/settings` (src/domain/api/admin-settings.ts), behind the admin guard of src/server/routes/admin.ts. */
export function adminSettingsRoutes() {
  const router = apiRouter<AuthedEnv>();
  /** The stored settings merged over the defaults. */
  route(router, adminSettingsApi.get, (c) => getSettings(c.var.deps.db, { fresh: true }));
  /** The whole settings object; saved with an audit entry of the changed fields in one transaction. Returns what is saved. */
  route(router, adminSettingsApi.save, async (c, { body: next }) => {
    const { db } = c.var.deps;
    const actor = actorOf(c);
    await db.transaction(async (tx) => {
      const before = flatten(await getSettings(tx, { fresh: true }));
      const after = flatten(next);
      const changes = diffFields(before, after, Object.keys(after));
      // Nothing changed: nothing to store or to record.
      if (Object.keys(changes).length === 0) return;
      await saveSettings(tx, next, c.var.user.id);
      await recordAudit(tx, actor, { action: 'update', entityType: 'settings', entityId: 'app', changes });
    });
    forgetCachedSettings(db);
    return getSettings(db, { fresh: true });
  });
  return router;
}
