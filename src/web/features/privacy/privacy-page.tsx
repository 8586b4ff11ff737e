import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { privacyPolicy } from './privacy-policy';
import { Button } from '../../components/ui/button';
import { brand } from '../../lib/config';
import { PolicySectionView } from './policy-section';

const policy = privacyPolicy(brand);

/** The privacy policy at /privacy-policy (docs/product/privacy.md#privacy-policy-page). */
export default function PrivacyPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 md:py-16">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold uppercase tracking-wider text-accent">{brand.name}</p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight sm:text-5xl">{policy.title}</h1>
        <p className="mt-3 text-muted-foreground">Last revised {policy.lastRevised}</p>
      </header>

      <div className="mt-10 grid grid-cols-1 gap-10 lg:grid-cols-[16rem_1fr] lg:gap-16">
        <nav aria-labelledby="toc-title" className="lg:sticky lg:top-24 lg:max-h-[calc(100dvh-7rem)] lg:self-start lg:overflow-y-auto lg:pb-2">
          <div className="rounded-[var(--radius-card)] border border-border bg-card p-5 shadow-[var(--shadow-card)]">
            <h2 id="toc-title" className="text-sm font-semibold uppercase tracking-wider text-muted-foreground">
              On this page
            </h2>
            <ol className="mt-3 gap-x-4 space-y-0.5 text-[0.9375rem] sm:columns-2 lg:columns-1">
              {policy.sections.map((section, i) => (
                <li key={section.id} className="break-inside-avoid">
                  <a href={`#${section.id}`} className="flex min-h-9 gap-2 rounded-md px-2 py-1.5 text-foreground/85 hover:bg-muted hover:text-primary">
                    <span aria-hidden="true" className="tabular w-5 shrink-0 text-muted-foreground">
                      {i + 1}.
                    </span>
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>

        <article className="max-w-3xl space-y-12">
          {policy.sections.map((section, i) => (
            <PolicySectionView key={section.id} section={section} number={i + 1} email={brand.contactEmail} />
          ))}
          <div className="border-t border-border pt-8">
            <Button asChild variant="outline" className="min-h-10">
              <Link to="/">
                <ArrowLeft aria-hidden="true" /> Back to Home
              </Link>
            </Button>
          </div>
        </article>
      </div>
    </div>
  );
}
