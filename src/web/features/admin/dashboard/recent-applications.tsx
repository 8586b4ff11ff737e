import { Link } from 'react-router';
import { applicantName, RECENT_APPLICATIONS, type AdminDashboard } from '../../../../domain/admin/applications';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApplicationStatusBadge } from '../components/application-status-badge';
import { localDate } from '../../../lib/dates';

/** docs/product/back-office.md#overview: the 4 most recent applications, each with a Review link that opens its dialog; View All. */
export function RecentApplications({ recent }: { recent: AdminDashboard['recent'] | undefined }) {
  return (
    <Card className="p-5" role="region" aria-labelledby="recent-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="recent-title" className="text-lg font-semibold">
          Recent Applications
        </h2>
        <Button asChild variant="outline" size="sm">
          <Link to="/admin/applications">View All</Link>
        </Button>
      </div>
      {recent === undefined ? (
        <div role="status" className="mt-4 flex flex-col gap-3">
          <span className="sr-only">Loading...</span>
          {Array.from({ length: RECENT_APPLICATIONS }, (_, n) => (
            <Skeleton key={n} className="h-14 w-full" />
          ))}
        </div>
      ) : recent.length === 0 ? (
        <p className="mt-4 py-6 text-center text-muted-foreground">No applications yet</p>
      ) : (
        <ul className="mt-4 flex flex-col divide-y divide-border">
          {recent.map((application) => {
            const name = applicantName(application);
            return (
              <li key={application.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
                <div className="min-w-[min(12rem,100%)] flex-1">
                  <p className="font-medium break-words text-foreground">{name}</p>
                  <p className="text-sm text-muted-foreground">
                    {application.submittedAt && (
                      <>
                        Submitted <time dateTime={application.submittedAt}>{localDate(application.submittedAt)}</time>
                      </>
                    )}
                    {application.assignee && <> · Assigned to {application.assignee}</>}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-3">
                  <ApplicationStatusBadge status={application.status} />
                  <Button asChild variant="outline" size="sm">
                    <Link to={`/admin/applications?review=${application.id}`} aria-label={`Review ${name}`}>
                      Review
                    </Link>
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
