import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { applicantName } from '../../../../domain/admin/applications';
import { formatCents, formatMoney, formatNumber } from '../../../../domain/format';
import type { HomeDetail } from '../../../../domain/homes/admin-homes';
import { calendarDate, localDate } from '../../../lib/dates';
import { HomeSection, ScrollBox } from './home-section';

/** A rate as the admin typed it, in percent points: 6.5 → '6.5%'. */
const percent = (value: number) => `${formatNumber(value)}%`;

/** The agreement fixed at the purchase (calculators.md 'Homeowner figures': P, D, r, a), the home and its homeowner. */
export function AgreementSection({ home }: { home: HomeDetail }) {
  const rows: [string, ReactNode][] = [
    ['Address', home.address],
    [
      'Homeowner',
      <Link key="owner" to={`/admin/users?q=${encodeURIComponent(home.email)}`} className="text-primary underline underline-offset-2">
        {applicantName(home)}
      </Link>,
    ],
    [
      'Email',
      <span key="email" className="break-all">
        {home.email}
      </span>,
    ],
    ['Purchase date', calendarDate(home.purchaseDate)],
    ['Purchase price (P)', formatCents(home.priceCents)],
    ['Down payment (D)', formatCents(home.downPaymentCents)],
    ['Mortgage rate (r)', percent(home.mortgageRate)],
    ['Appreciation assumption (a)', percent(home.appreciationRate)],
    ['Monthly payment now', formatCents(home.monthlyPaymentCents)],
    ['Latest value', `${formatMoney(home.valueCents / 100)} (${calendarDate(home.valuedOn)})`],
    ['State', home.closedOn ? `Closed on ${calendarDate(home.closedOn)}` : 'Active'],
    [
      'Application',
      <Link key="application" to={`/admin/applications?review=${home.applicationId}`} className="text-primary underline underline-offset-2">
        Open the application
      </Link>,
    ],
  ];
  return (
    <HomeSection title="Agreement">
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="min-w-0 font-medium break-words text-foreground tabular">{value}</dd>
          </div>
        ))}
      </dl>
    </HomeSection>
  );
}

/** The agreement's history of terms (ADR 022 `home_terms`): the payment S from a month on; nothing is recomputed backwards. */
export function TermsSection({ home }: { home: HomeDetail }) {
  return (
    <HomeSection title="Terms">
      <ScrollBox label="Terms table">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">The monthly payment from each month on</caption>
          <thead className="text-muted-foreground">
            <tr>
              <th scope="col" className="py-1.5 pr-3 font-medium">
                From month
              </th>
              <th scope="col" className="py-1.5 pr-3 text-right font-medium">
                Monthly payment
              </th>
              <th scope="col" className="py-1.5 pr-3 font-medium">
                Made by
              </th>
              <th scope="col" className="py-1.5 font-medium">
                Recorded
              </th>
            </tr>
          </thead>
          <tbody>
            {home.terms.map((term) => (
              <tr key={term.fromMonth} className="border-t border-border">
                <td className="py-1.5 pr-3 tabular">{term.fromMonth}</td>
                <td className="py-1.5 pr-3 text-right tabular">{formatCents(term.monthlyPaymentCents)}</td>
                <td className="py-1.5 pr-3">{term.paymentChangeId ? 'Payment change' : 'Purchase'}</td>
                <td className="py-1.5 whitespace-nowrap">
                  <time dateTime={term.createdAt}>{localDate(term.createdAt)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
    </HomeSection>
  );
}
