import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { safeNextPath } from '../../lib/redirect-target';
import { useLocationNotice } from '../../lib/use-location-notice';
import { useSignedInUser } from '../../lib/use-session';
import { DataSection } from './data-section';
import { EmailSection } from './email-section';
import { NotificationsSection } from './notifications-section';
import { PasswordSection } from './password-section';
import { ProfileSection } from './profile-section';
import { SessionsSection } from './sessions-section';
import { TwoFactorSection } from './two-factor-section';

const CONTENTS = [
  { id: 'profile', label: 'Profile' },
  { id: 'email', label: 'E-mail address' },
  { id: 'password', label: 'Password' },
  { id: 'two-factor', label: 'Two-factor authentication' },
  { id: 'sessions', label: 'Active sessions' },
  { id: 'notifications', label: 'E-mail notifications' },
  { id: 'your-data', label: 'Your data' },
];

/**
 * /account — docs/product/accounts.md#account-page (name and phone, password, two-factor, active sessions), the user's own data
 * (docs/product/privacy.md#your-data), the e-mail change (docs/decisions/006-accounts.md) and the e-mail notifications
 * (docs/product/accounts.md#e-mail-notifications).
 */
export default function AccountPage() {
  const user = useSignedInUser();
  const notice = useLocationNotice();
  const navigate = useNavigate();
  const next = safeNextPath((useLocation().state as { next?: unknown } | null)?.next);
  // Sent here to set up two-factor (the admin guard, docs/product/accounts.md#admin-landing):
  // that section comes first, with the reason, and once it is on the admin goes on to the page they wanted.
  // Fixed when the page opens: the section keeps its place (and its steps) once two-factor turns on.
  const [settingUp] = useState(() => Boolean(notice) && !user.twoFactorEnabled);
  const twoFactor = <TwoFactorSection user={user} notice={notice} onEnrolled={next ? () => void navigate(next, { replace: true }) : undefined} />;
  const contents = settingUp ? [CONTENTS[3], ...CONTENTS.filter((item) => item.id !== 'two-factor')] : CONTENTS;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight text-primary sm:text-4xl">Account settings</h1>
      <p className="mt-2 text-[0.9375rem] text-muted-foreground">
        Your profile, how you sign in, the devices signed in to your account, the e-mails we send you, and your data.
      </p>
      <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-[14rem_minmax(0,1fr)]">
        <nav aria-label="Account sections" className="hidden lg:block">
          <ul className="sticky top-24 flex flex-col gap-1 text-[0.9375rem]">
            {contents.map((item) => (
              <li key={item.id}>
                <a
                  href={`#${item.id}`}
                  className="block rounded-[var(--radius-control)] px-3 py-2 font-medium text-foreground/80 hover:bg-muted hover:text-primary"
                >
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex min-w-0 flex-col gap-6">
          {settingUp && twoFactor}
          <ProfileSection user={user} />
          <EmailSection user={user} />
          <PasswordSection email={user.email} />
          {!settingUp && twoFactor}
          <SessionsSection />
          <NotificationsSection email={user.email} />
          <DataSection />
        </div>
      </div>
    </div>
  );
}
