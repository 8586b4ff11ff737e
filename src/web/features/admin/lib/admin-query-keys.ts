/**
 * Query keys shared by back-office pages: a change in one place (a status set in
 * the review dialog) refreshes what another shows (the list, the dashboard).
 * useAdminList's pages are `['admin', <list>, <query string>]`.
 */
export const ADMIN_DASHBOARD_KEY = ['admin', 'dashboard'] as const;
export const ADMIN_APPLICATIONS_KEY = ['admin', 'applications'] as const;
