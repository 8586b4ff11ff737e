import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { announcementAudienceSchema, announcementListSchema, type Announcement } from '../../../../domain/admin/announcements';
import { failureText, serverMessageOr } from '../../../lib/form-errors';
import { notify } from '../../../lib/toast';
import { AdminPageHeader } from '../components/admin-page-header';
import { ListPagination } from '../components/list-pagination';
import { changedListParams, parseListParams } from '../lib/list-params';
import { announcementsListQuery, useCancelAnnouncement } from './announcements-api';
import { AnnouncementsList } from './announcements-list';
import { ANNOUNCEMENT_TEXTS } from './announcement-texts';
import { ComposeAnnouncement } from './compose-announcement';
import { LoadError } from '../../../components/load-error';
import { formatNumber } from '../../../../domain/format';

/**
 * /admin/announcements (docs/product/back-office.md#announcements): e-mail to the waitlist. The audience is the
 * Waitlist page's filter (its `q`, `interest`, `from`, `to` in this page's URL: 'Announce to this list' there brings
 * it here); below, every announcement with its progress, refreshing while one is sending.
 */
export default function AnnouncementsPage() {
  const [search, setSearch] = useSearchParams();
  const audience = useMemo(() => parseListParams(announcementAudienceSchema, search), [search]);
  const params = useMemo(() => parseListParams(announcementListSchema, search), [search]);
  const waitlistHref = useMemo(() => {
    const query = new URLSearchParams(changedListParams(announcementAudienceSchema, audience)).toString();
    return `/admin/waitlist${query ? `?${query}` : ''}`;
  }, [audience]);
  const onPage = useCallback(
    (page: number) =>
      setSearch((current) => {
        const next = new URLSearchParams(current);
        if (page > 1) next.set('page', String(page));
        else next.delete('page');
        return next;
      }),
    [setSearch],
  );

  const query = useQuery(announcementsListQuery(params));
  const cancel = useCancelAnnouncement();
  useEffect(() => {
    if (query.isError) notify.error('Error', failureText(query.error, ANNOUNCEMENT_TEXTS.loadFailed));
    // Once per failed load: errorUpdatedAt changes with each failure.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query.isError, query.errorUpdatedAt]);

  const onCancel = (announcement: Announcement) =>
    cancel.mutate(announcement.id, {
      onSuccess: (cancelled) => notify.success(ANNOUNCEMENT_TEXTS.cancelled, `“${cancelled.subject}”: ${formatNumber(cancelled.sent)} sent before it stopped.`),
      onError: (error) => notify.error('Error', serverMessageOr(error, ANNOUNCEMENT_TEXTS.cancelFailed)),
    });

  const page = query.data;
  const items = page?.items;
  let body;
  // A failed load replaces the list: never the rows of an earlier filter under a new one (docs/product/back-office.md#lists).
  if (query.isError)
    body = (
      <LoadError layout="list" className="p-6" message={ANNOUNCEMENT_TEXTS.loadFailed} onRetry={() => void query.refetch()} retrying={query.isRefetching} />
    );
  else if (query.isLoading && !items) body = <p className="p-6 text-center text-muted-foreground">Loading...</p>;
  else if (!items?.length) body = <p className="p-6 text-center text-muted-foreground">{ANNOUNCEMENT_TEXTS.empty}</p>;
  else body = <AnnouncementsList items={items} busy={(a) => cancel.isPending && cancel.variables === a.id} onCancel={onCancel} />;

  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader
        title="Announcements"
        description="E-mail the waitlist: write it, preview it, and send it to everyone or to the part of the list a filter picks."
      />
      <ComposeAnnouncement audience={audience} waitlistHref={waitlistHref} />
      <section aria-labelledby="sent-announcements" aria-busy={query.isFetching} className="flex flex-col gap-3">
        <h2 id="sent-announcements" className="text-lg font-semibold">
          Sent and sending
        </h2>
        <div className="overflow-hidden rounded-[var(--radius-card)] border border-border bg-card shadow-[var(--shadow-card)]">{body}</div>
        <ListPagination page={query.isError ? undefined : page} onPage={onPage} />
      </section>
    </div>
  );
}
