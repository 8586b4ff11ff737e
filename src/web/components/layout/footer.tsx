import { ExternalLink, Mail, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { comparisonPath } from '../../../domain/brand';
import { companionAssetDisclaimer, generalDisclaimer } from './disclaimers';
import { brand } from '../../lib/config';
import { LogoMark } from './logo';

const heading = 'mb-3 text-sm font-semibold uppercase tracking-wider text-white';
const link = 'rounded text-[0.9375rem] text-white/85 underline-offset-4 hover:text-white hover:underline focus-visible:outline-white';

/** docs/product/public-site.md#footer: Contact Us, Social, Menu, privacy link, the coin site, disclaimers, copyright. */
export function Footer() {
  return (
    <footer className="bg-primary text-white">
      <div className="mx-auto grid grid-cols-1 max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4">
        <div>
          <p className="flex items-center gap-2 text-xl font-bold">
            <LogoMark className="size-7" inverted /> {brand.name}
          </p>
          <p className="mt-3 text-[0.9375rem] text-white/85">{brand.tagline}.</p>
        </div>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={heading}>
            Contact Us
          </h2>
          <address className="space-y-2 not-italic text-[0.9375rem] text-white/85">
            <p className="flex gap-2">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>
                {brand.streetAddress.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </span>
            </p>
            <p className="flex items-center gap-2">
              <Mail aria-hidden="true" className="size-4 shrink-0" />
              {/* An address breaks anywhere rather than push a phone's page sideways with text enlarged. */}
              <a className={`${link} min-w-0 [overflow-wrap:anywhere]`} href={`mailto:${brand.contactEmail}`}>
                {brand.contactEmail}
              </a>
            </p>
          </address>
        </section>
        <section aria-labelledby="footer-social">
          <h2 id="footer-social" className={heading}>
            Social
          </h2>
          <ul className="space-y-2">
            {brand.social.map((s) => (
              <li key={s.label}>
                <a className={link} href={s.href} target="_blank" rel="noopener noreferrer">
                  {s.label}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
        <nav aria-labelledby="footer-menu">
          <h2 id="footer-menu" className={heading}>
            Menu
          </h2>
          <ul className="space-y-2">
            <li>
              <Link className={link} to="/how-much-home-can-i-afford">
                Home Calculator
              </Link>
            </li>
            <li>
              <Link className={link} to={comparisonPath(brand)}>
                {brand.name} vs. Mortgage
              </Link>
            </li>
            <li>
              <Link className={link} to="/waitlist">
                Join the Waitlist
              </Link>
            </li>
            <li>
              <Link className={link} to="/auth/signin">
                Sign In
              </Link>
            </li>
            <li>
              <Link className={link} to="/privacy-policy">
                Privacy Policy
              </Link>
            </li>
            <li>
              <a className={`${link} inline-flex items-center gap-1`} href={brand.coinSiteUrl} target="_blank" rel="noopener noreferrer">
                {brand.coinName} <ExternalLink aria-hidden="true" className="size-3.5" />
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-white/15">
        <div className="mx-auto max-w-6xl space-y-3 px-4 py-6 text-[0.8125rem] leading-relaxed text-white/80 sm:px-6">
          <p>{companionAssetDisclaimer(brand)}</p>
          <p>{generalDisclaimer(brand)}</p>
          <p>
            © {brand.copyrightYear} {brand.name}. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  );
}
