import { useQuery } from '@tanstack/react-query';
import { AdminPageHeader } from '../components/admin-page-header';
import { settingsQuery } from './settings-api';
import { SettingsForm } from './settings-form';
import { LoadError } from '../../../components/load-error';

/** /admin/settings (docs/product/back-office.md#settings: stored, the calculators' defaults). */
export default function SettingsPage() {
  const query = useQuery(settingsQuery());

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <AdminPageHeader title="Settings" description="Defaults of the public calculators, applicant e-mails and upcoming features." />
      {query.data ? (
        <SettingsForm initial={query.data} />
      ) : query.isError ? (
        <LoadError message="Failed to load settings." retrying={query.isFetching} onRetry={() => void query.refetch()} />
      ) : (
        <p role="status" className="py-12 text-center text-muted-foreground">
          Loading...
        </p>
      )}
    </div>
  );
}
