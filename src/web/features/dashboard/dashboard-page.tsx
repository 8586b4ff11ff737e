import { ArrowRight, Calculator, CheckCircle2, Circle, ClipboardList, MailCheck, ShieldCheck, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { comparisonPath } from '../../../domain/brand';
import { hasRank, roleLabel } from '../../../domain/roles';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { brand } from '../../lib/config';
import { useSignedInUser } from '../../lib/use-session';

const link = 'rounded font-semibold text-primary underline-offset-4 hover:underline';

function Step({ done, icon, title, children }: { done?: boolean; icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4 py-4 first:pt-0 last:pb-0">
      <span className="mt-0.5 flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary [&_svg]:size-5" aria-hidden="true">
        {icon}
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-2 font-semibold">
          {title}
          {done !== undefined &&
            (done ? (
              <Badge variant="success"><CheckCircle2 aria-hidden="true" className="size-3.5" /> Done</Badge>
            ) : (
              <Badge variant="outline"><Circle aria-hidden="true" className="size-3.5" /> To do</Badge>
            ))}
        </p>
        <div className="mt-1 text-[15px] leading-relaxed text-muted-foreground">{children}</div>
      </div>
    </li>
  );
}

/**
 * /dashboard — for now an honest welcome page: who is signed in, their role and
 * what comes next. The real dashboard (wealth ring, cards, dialogs of spec §2) is
 * another issue's; nothing here pretends to be data the account does not have.
 */
export default function DashboardPage() {
  const user = useSignedInUser();
  const isAdmin = hasRank(user.role, 'admin');
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight text-primary sm:text-4xl">Welcome, {user.firstName}</h1>
        <p className="flex flex-wrap items-center gap-2 text-muted-foreground">
          Signed in as <span className="font-medium break-all text-foreground">{user.email}</span>
          <Badge variant="secondary">Role: {roleLabel(user.role)}</Badge>
        </p>
      </div>

      {isAdmin && !user.twoFactorEnabled && (
        <Alert variant="warning" className="mt-6">
          Set up two-factor authentication to open the back office.{' '}
          <Link className={link} to="/account">Go to your account settings</Link>
        </Alert>
      )}

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card className="p-6 sm:p-8">
          <h2 className="text-xl font-semibold tracking-tight">What comes next</h2>
          <p className="mt-1 text-[15px] text-muted-foreground">Your account is ready. Here is how to get going with {brand.name}.</p>
          <ol className="mt-6 divide-y divide-border">
            <Step done={user.emailVerified} icon={<MailCheck />} title="Confirm your email address">
              {user.emailVerified
                ? 'Thanks, your address is confirmed.'
                : 'Open the link we emailed you. You will need a confirmed address to submit an application.'}
            </Step>
            <Step icon={<Calculator />} title="See what you can afford">
              Try the <Link className={link} to="/how-much-home-can-i-afford">home calculator</Link> and compare{' '}
              <Link className={link} to={comparisonPath(brand)}>{brand.name} with a mortgage</Link>.
            </Step>
            <Step icon={<Users />} title="Join the waitlist">
              Tell us where and when you want to buy, and we will reach out when early access opens in your state.{' '}
              <Link className={link} to="/waitlist">Join the waitlist</Link>
            </Step>
            <Step icon={<ClipboardList />} title="Apply for your home">
              The home application opens soon. You will start it from here, and this page will then show its status.
            </Step>
          </ol>
        </Card>

        <div className="flex flex-col gap-6">
          <Card className="p-6 sm:p-8">
            <h2 className="text-xl font-semibold tracking-tight">Your account</h2>
            <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-3 text-[15px]">
              <dt className="text-muted-foreground">Name</dt>
              <dd className="font-medium break-words">{user.name}</dd>
              <dt className="text-muted-foreground">Role</dt>
              <dd className="font-medium">{roleLabel(user.role)}</dd>
              <dt className="text-muted-foreground">Two-factor</dt>
              <dd className="flex items-center gap-1.5 font-medium">
                {user.twoFactorEnabled ? <ShieldCheck aria-hidden="true" className="size-4 text-success" /> : null}
                {user.twoFactorEnabled ? 'On' : 'Off'}
              </dd>
            </dl>
            <Button asChild variant="outline" className="mt-6 w-full">
              <Link to="/account">
                Account settings <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </Card>
          {isAdmin && (
            <Card className="p-6 sm:p-8">
              <h2 className="text-xl font-semibold tracking-tight">Back office</h2>
              <p className="mt-1 text-[15px] text-muted-foreground">Applications, users, the waitlist and letters of intent.</p>
              <Button asChild variant="outline" className="mt-6 w-full">
                <Link to="/admin">
                  Open the back office <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
            </Card>
          )}
        </div>
      </div>
    </div>
  );
}
