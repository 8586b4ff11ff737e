import { AdminPageHeader } from '../components/admin-page-header';

/** Placeholder until this page is built (issue 6). */
export default function SettingsPage() {
  return <AdminPageHeader title="Settings" />;
}
