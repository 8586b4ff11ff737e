import { APPLICATION_STATUS_LABELS, statusBadgeVariant, type ApplicationStatus } from '../../../../domain/application/status';
import { Badge } from '../../../components/ui/badge';

/**
 * An application's status with the badge style of docs/product/application.md#statuses
 * (approved default, declined destructive, in_review secondary, others outline).
 */
export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  return <Badge variant={statusBadgeVariant(status)}>{APPLICATION_STATUS_LABELS[status]}</Badge>;
}
