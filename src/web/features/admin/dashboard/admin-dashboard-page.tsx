import { useQuery } from '@tanstack/react-query';
import { AdminPageHeader } from '../components/admin-page-header';
import { dashboardQuery } from './dashboard-api';
import { CountCards, KpiBlock } from './dashboard-figures';
import { HomesOverview } from './homes-overview';
import { QuickLinks } from './quick-links';
import { RecentApplications } from './recent-applications';
import { LoadError } from '../../../components/load-error';

/** /admin (docs/product/back-office.md#overview): the counts, the KPIs, the newest applications and the shortcuts. */
export default function AdminDashboardPage() {
  const query = useQuery(dashboardQuery());
  const data = query.data;

  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader title="Overview" description="Applications, homes, the waitlist and letters of intent at a glance." />
      {query.isError && <LoadError message="The dashboard could not be loaded." onRetry={() => void query.refetch()} />}
      {!query.isError && (
        <>
          <CountCards counts={data?.counts} />
          <HomesOverview homes={data?.homes} oldestWaitingSince={data?.kpis.oldestWaitingSince} />
          <KpiBlock kpis={data?.kpis} />
          <RecentApplications recent={data?.recent} />
        </>
      )}
      <QuickLinks />
    </div>
  );
}
