import { Ban } from 'lucide-react';
import { ANNOUNCEMENT_STATE_LABELS, remainingOf, type Announcement } from '../../../../domain/admin/announcements';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Progress } from '../../../components/ui/progress';
import { cn } from '../../../lib/cn';
import { inViewerZone, localDateTime } from '../../../lib/dates';
import { audienceText } from './announcement-texts';
import { formatNumber } from '../../../../domain/format';

const BADGE = { draft: 'outline', sending: 'secondary', sent: 'success', cancelled: 'warning' } as const;

const done = (a: Announcement) => a.sent + a.skipped + a.failed;
const percent = (a: Announcement) => (a.recipients ? (done(a) / a.recipients) * 100 : 100);

/** '2 of 5 sent · 1 skipped · 0 failed', and for a cancelled one how many were never sent. */
function progressText(a: Announcement): string {
  const parts = [`${formatNumber(a.sent)} of ${formatNumber(a.recipients)} sent`, `${formatNumber(a.skipped)} skipped`];
  parts.push(`${formatNumber(a.failed)} failed`);
  if (a.state === 'cancelled' && remainingOf(a) > 0) parts.push(`${formatNumber(remainingOf(a))} not sent`);
  return parts.join(' · ');
}

function ProgressCell({ announcement: a, className }: { announcement: Announcement; className?: string }) {
  const text = progressText(a);
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Progress value={percent(a)} label={`Progress of “${a.subject}”`} valueText={text} />
      <span className="text-xs text-muted-foreground tabular">{text}</span>
    </div>
  );
}

function CancelButton({ announcement, busy, onCancel }: { announcement: Announcement; busy: boolean; onCancel: (a: Announcement) => void }) {
  if (announcement.state !== 'sending') return null;
  return (
    <Button variant="outline" size="sm" disabled={busy} aria-label={`Cancel “${announcement.subject}”`} onClick={() => onCancel(announcement)}>
      <Ban aria-hidden="true" />
      {busy ? 'Cancelling…' : 'Cancel'}
    </Button>
  );
}

const StateBadge = ({ announcement }: { announcement: Announcement }) => (
  <Badge variant={BADGE[announcement.state]}>{ANNOUNCEMENT_STATE_LABELS[announcement.state]}</Badge>
);

/** The announcements with their progress: a table on wide screens, one card each on phones. */
export function AnnouncementsList({
  items,
  busy,
  onCancel,
}: {
  items: Announcement[];
  busy: (a: Announcement) => boolean;
  onCancel: (a: Announcement) => void;
}) {
  return (
    <>
      {/* A wide table scrolls in its own box (text at 200 %), never the page. */}
      <div className="relative hidden overflow-x-auto md:block">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">Announcements</caption>
          <thead className="bg-muted/80">
            <tr className="border-b border-border text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              <th scope="col" className="px-3 py-2.5">
                {inViewerZone('Started')}
              </th>
              <th scope="col" className="px-3 py-2.5">
                Subject
              </th>
              <th scope="col" className="px-3 py-2.5">
                To
              </th>
              <th scope="col" className="px-3 py-2.5">
                State
              </th>
              <th scope="col" className="px-3 py-2.5">
                Progress
              </th>
              <th scope="col" className="px-3 py-2.5">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((a) => (
              <tr key={a.id} className="border-b border-border/70 align-top last:border-0">
                <td className="px-3 py-2.5 whitespace-nowrap tabular">
                  <time dateTime={a.startedAt ?? a.createdAt}>{localDateTime(a.startedAt ?? a.createdAt)}</time>
                </td>
                <td className="max-w-xs px-3 py-2.5 font-medium break-words">{a.subject}</td>
                <td className="max-w-xs px-3 py-2.5 break-words">{audienceText(a.audience)}</td>
                <td className="px-3 py-2.5">
                  <StateBadge announcement={a} />
                </td>
                <td className="px-3 py-2.5">
                  <ProgressCell announcement={a} className="min-w-48" />
                </td>
                <td className="px-3 py-2.5 text-right">
                  <CancelButton announcement={a} busy={busy(a)} onCancel={onCancel} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="divide-y divide-border md:hidden" aria-label="Announcements">
        {items.map((a) => (
          <li key={a.id} className="flex flex-col gap-2 p-4">
            <div className="flex items-start justify-between gap-3">
              <span className="min-w-0 font-medium break-words">{a.subject}</span>
              <StateBadge announcement={a} />
            </div>
            <p className="text-sm break-words text-muted-foreground">
              {audienceText(a.audience)} · <time dateTime={a.startedAt ?? a.createdAt}>{localDateTime(a.startedAt ?? a.createdAt)}</time>
            </p>
            <ProgressCell announcement={a} />
            <div>
              <CancelButton announcement={a} busy={busy(a)} onCancel={onCancel} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
