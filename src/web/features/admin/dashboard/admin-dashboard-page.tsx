import { useQuery } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { AdminPageHeader } from '../components/admin-page-header';
import { dashboardQuery } from './dashboard-api';
import { CountCards, KpiBlock } from './dashboard-figures';
import { QuickLinks } from './quick-links';
import { RecentApplications } from './recent-applications';

/** /admin (docs/product/back-office.md#overview): the counts, the KPIs, the newest applications and the shortcuts. */
export default function AdminDashboardPage() {
  const query = useQuery(dashboardQuery());
  const data = query.data;

  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader title="Overview" description="Applications, the waitlist and letters of intent at a glance." />
      {query.isError && (
        <Alert variant="destructive">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p>The dashboard could not be loaded.</p>
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              <RotateCw aria-hidden="true" />
              Try again
            </Button>
          </div>
        </Alert>
      )}
      {!query.isError && (
        <>
          <CountCards counts={data?.counts} />
          <KpiBlock kpis={data?.kpis} />
          <RecentApplications recent={data?.recent} />
        </>
      )}
      <QuickLinks />
    </div>
  );
}
