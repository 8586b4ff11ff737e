import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert';
import { AdminPageHeader } from '../components/admin-page-header';
import { settingsQuery } from './settings-api';
import { SettingsForm } from './settings-form';

/** /admin/settings (docs/product/back-office.md#settings: stored, the calculators' defaults). */
export default function SettingsPage() {
  const query = useQuery(settingsQuery());

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <AdminPageHeader title="Settings" description="Defaults of the public calculators, applicant e-mails and upcoming features." />
      {query.data ? (
        <SettingsForm initial={query.data} />
      ) : query.isError ? (
        <Alert variant="destructive">Failed to load settings. Please reload the page.</Alert>
      ) : (
        <p role="status" className="py-12 text-center text-muted-foreground">
          Loading...
        </p>
      )}
    </div>
  );
}
