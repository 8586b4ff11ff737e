import { settingsSchema } from '../admin/settings';
import { defineRoute } from './route';

/** `/api/admin/settings`: the public calculators' defaults and the applicant e-mail switch (docs/product/back-office.md#settings). */
export const adminSettingsApi = {
  get: defineRoute({
    method: 'get',
    path: '/api/admin/settings',
    access: 'admin',
    summary: 'The application settings (stored values over the defaults)',
    responses: { 200: { description: 'The settings', schema: settingsSchema } },
  }),
  save: defineRoute({
    method: 'put',
    path: '/api/admin/settings',
    access: 'admin',
    summary: 'Saves the settings (audited field by field); the calculators start from them on the next page load',
    body: settingsSchema,
    responses: { 200: { description: 'The settings as saved', schema: settingsSchema } },
  }),
};
