import { AdminPageHeader } from '../components/admin-page-header';

/** Placeholder until this page is built (issue 6). */
export default function PaymentsPage() {
  return <AdminPageHeader title="Payments" />;
}
