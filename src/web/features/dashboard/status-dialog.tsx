import { useState } from 'react';
import { Link } from 'react-router';
import type { MeStatus } from '../../../domain/account';
import { DECISION_WINDOW_TEXT, type DashboardStatus } from '../../../domain/application';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '../../components/ui/dialog';

interface DialogText {
  title: string;
  text: string;
  /** The main button: a link to the application, or (no `to`) closes the dialog. */
  action: { label: string; to?: string };
  /** A second button that closes the dialog. */
  dismiss?: string;
}

/** The pop-ups by the user's real status (docs/product/dashboard.md#dialogs); none with a home. */
const DIALOGS: Record<DashboardStatus, DialogText | null> = {
  no_application: {
    title: 'Ready to start your journey?',
    text: 'You have not submitted an application yet. Complete your application to get pre-approved and unlock your personal dashboard.',
    action: { label: 'Fill Out Application', to: '/apply' },
    dismiss: 'Maybe Later',
  },
  draft: {
    title: 'Ready to start your journey?',
    text: 'You have started your application but not submitted it yet. Finish it to get pre-approved and unlock your personal dashboard. Everything you entered is saved.',
    action: { label: 'Continue Application', to: '/apply' },
    dismiss: 'Maybe Later',
  },
  submitted: {
    title: 'Your application is under review.',
    text: `Thank you for applying. We will let you know by email as soon as you are approved, usually within ${DECISION_WINDOW_TEXT}.`,
    action: { label: 'View Example Dashboard' },
  },
  approved: {
    title: 'Congratulations, you are approved!',
    text: 'Your application is approved. Our team will contact you to find your home together. Until you move in, this dashboard shows example figures.',
    action: { label: 'View Example Dashboard' },
  },
  declined: {
    title: 'Your application was not approved.',
    text: 'We could not approve your last application. You are welcome to start a new one whenever your situation changes.',
    action: { label: 'Start a New Application', to: '/apply' },
    dismiss: 'Maybe Later',
  },
  withdrawn: {
    title: 'You withdrew your application.',
    text: 'Your application is closed, as you asked. You are welcome to start a new one whenever you are ready.',
    action: { label: 'Start a New Application', to: '/apply' },
    dismiss: 'Maybe Later',
  },
  has_home: null,
};

/**
 * The pop-up by the real state (docs/product/dashboard.md#dialogs): open requests ask for
 * them with a button straight to the To do page; Declined shows the reviewer's reason.
 */
function dialogFor(status: DashboardStatus, application: MeStatus['application']): DialogText | null {
  if (application && application.openRequests.length > 0) {
    return {
      title: 'We need a few things from you',
      text: `To finish reviewing your application we need: ${application.openRequests.map((request) => request.title).join('; ')}.`,
      action: { label: 'Open your to-do list', to: '/apply/requests' },
      dismiss: 'Later',
    };
  }
  const content = DIALOGS[status];
  if (status === 'declined' && content && application?.declineReason) {
    return { ...content, text: `${content.text} The reviewer's reason: ${application.declineReason}` };
  }
  return content;
}

const storageKey = (userId: string, status: DashboardStatus | 'missing_info') => `dashboard-dialog-closed:${userId}:${status}`;

function wasClosed(key: string) {
  try {
    return sessionStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

/**
 * The pop-up on load. Once closed it stays closed for this tab until the status
 * changes, so moving around the signed-in pages does not bring it back each time.
 */
export function StatusDialog({ userId, status, application }: { userId: string; status: DashboardStatus; application?: MeStatus['application'] }) {
  const content = dialogFor(status, application ?? null);
  const key = storageKey(userId, application?.openRequests.length ? 'missing_info' : status);
  const [open, setOpen] = useState(() => content !== null && !wasClosed(key));
  if (!content) return null;
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      try {
        sessionStorage.setItem(key, '1');
      } catch {
        // Storage may be off: the dialog then shows on every visit, as docs/product/dashboard.md#dialogs has it.
      }
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>{content.title}</DialogTitle>
        <DialogDescription>{content.text}</DialogDescription>
        <DialogFooter>
          {content.dismiss && (
            <DialogClose asChild>
              <Button variant="outline">{content.dismiss}</Button>
            </DialogClose>
          )}
          {content.action.to ? (
            <Button asChild variant="accent">
              <Link to={content.action.to}>{content.action.label}</Link>
            </Button>
          ) : (
            <DialogClose asChild>
              <Button>{content.action.label}</Button>
            </DialogClose>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
