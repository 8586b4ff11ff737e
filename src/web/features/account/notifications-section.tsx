import { useQuery } from '@tanstack/react-query';
import type { NotificationSetting } from '../../../domain/notifications';
import { Skeleton } from '../../components/ui/skeleton';
import { Switch } from '../../components/ui/switch';
import { failureText } from '../../lib/form-errors';
import { notify } from '../../lib/toast';
import { notificationSettingsQuery, useChangeNotification, type NotificationChange } from './account-api';
import { cn } from '../../lib/cn';
import { groupSettings } from './notification-settings';
import { SectionCard } from './section-card';
import { LoadError } from '../../components/load-error';

/**
 * docs/product/accounts.md#e-mail-notifications: one switch per kind of notification and reminder
 * e-mail; each saves at once, moves before the reply and goes back if the save fails. Admins
 * also see the staff notices, under their own heading.
 */
export function NotificationsSection({ email }: { email: string }) {
  const query = useQuery(notificationSettingsQuery());
  const change = useChangeNotification();
  const onChange = (next: NotificationChange) =>
    change.mutate(next, {
      onSuccess: () => notify.success('E-mail settings saved', undefined, { key: 'notifications' }),
      onError: (error) => notify.error('Error', failureText(error, 'We could not save that. Please try again.'), { key: 'notifications' }),
    });

  const groups = query.data && groupSettings(query.data);
  return (
    <SectionCard
      id="notifications"
      title="E-mail notifications"
      description={
        <>
          Choose which e-mails we send to <span className="break-all">{email}</span>. We always send messages about your account&apos;s security and anything
          you ask for.
        </>
      }
    >
      {query.isPending && (
        <div role="status" className="flex flex-col gap-4">
          <span className="sr-only">Loading your e-mail settings…</span>
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-8 w-full" />
        </div>
      )}
      {query.error && (
        <LoadError
          message="We could not load your e-mail settings."
          detail={failureText(query.error, 'Please try again.')}
          onRetry={() => void query.refetch()}
        />
      )}
      {groups && (
        <div className="flex flex-col gap-6">
          <SwitchList settings={groups.own} label="E-mails to you" onChange={onChange} />
          {groups.staff.length > 0 && (
            <div className="border-t border-border pt-6">
              <h3 id="staff-notices-title" className="font-semibold">
                Staff notices
              </h3>
              <p className="mt-1 text-sm leading-relaxed text-muted-foreground">
                An application&apos;s assignee gets these notices only with the switch on. When the assignee&apos;s switch is off, the admins who turned it on
                get them.
              </p>
              <SwitchList settings={groups.staff} labelledBy="staff-notices-title" onChange={onChange} className="mt-4" />
            </div>
          )}
        </div>
      )}
    </SectionCard>
  );
}

function SwitchList({
  settings,
  label,
  labelledBy,
  onChange,
  className,
}: {
  settings: NotificationSetting[];
  label?: string;
  labelledBy?: string;
  onChange: (change: NotificationChange) => void;
  className?: string;
}) {
  return (
    <ul aria-label={label} aria-labelledby={labelledBy} className={cn('divide-y divide-border', className)}>
      {settings.map((setting) => (
        <li key={setting.kind} className="flex items-center justify-between gap-4 py-3 first:pt-0 last:pb-0">
          <span id={`notification-${setting.kind}`} className="min-w-0 text-[0.9375rem]">
            {setting.label}
          </span>
          <Switch
            aria-labelledby={`notification-${setting.kind}`}
            checked={setting.subscribed}
            onCheckedChange={(subscribed) => onChange({ kind: setting.kind, subscribed })}
          />
        </li>
      ))}
    </ul>
  );
}
