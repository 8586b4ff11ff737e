import { adminAnnouncementsApi } from '../../../domain/api/admin-announcements';
import { cancelAnnouncement, getAnnouncement, listAnnouncements, previewAnnouncement, sendAnnouncement } from '../../modules/waitlist';
import { actorOf, type AuthedEnv } from '../../platform/http/guards';
import { apiRouter, route } from '../../platform/http/route';

/** `/api/admin/announcements` (src/domain/api/admin-announcements.ts), behind the admin guard of src/server/routes/admin.ts. */
export function adminAnnouncementsRoutes() {
  const router = apiRouter<AuthedEnv>();
  route(router, adminAnnouncementsApi.list, (c, { query }) => listAnnouncements(c.var.deps.db, query));
  route(router, adminAnnouncementsApi.preview, (c, { body }) => previewAnnouncement(c.var.deps, body));
  /** Records every recipient of the filter and queues the first batch in one transaction; the runner is woken after it. */
  route(router, adminAnnouncementsApi.send, async (c, { body }) => {
    const announcement = await sendAnnouncement(c.var.deps.db, actorOf(c), body);
    c.var.deps.jobs.kick();
    return announcement;
  });
  route(router, adminAnnouncementsApi.detail, (c, { params }) => getAnnouncement(c.var.deps.db, params.id));
  route(router, adminAnnouncementsApi.cancel, (c, { params }) => cancelAnnouncement(c.var.deps.db, actorOf(c), params.id));
  return router;
}
