import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import type { LandingContent } from './landing-content';
import { landingIcons } from './landing-icons';
import { NoteRef } from './note-ref';
import { container, SectionHeading } from './section-heading';

/** docs/product/public-site.md#landing-page: the five-step story, then the four-step summary (Qualify, Find, Offer, Live & Grow). */
export function HowItWorksSection({ howItWorks, summary }: { howItWorks: LandingContent['howItWorks']; summary: LandingContent['summary'] }) {
  return (
    <section aria-labelledby="how-title" className="py-16 md:py-24">
      <div className={`${container} grid grid-cols-1 gap-12 md:grid-cols-[0.8fr_1.2fr]`}>
        <div className="md:sticky md:top-28 md:self-start">
          <SectionHeading id="how-title" title={howItWorks.title} intro={howItWorks.intro} />
          {/* docs/product/public-site.md#intro-carousel: the seven-slide tour, reached from here. */}
          <Link to="/intro" className="mt-6 inline-flex items-center gap-1.5 rounded font-semibold text-primary underline-offset-4 hover:underline">
            {howItWorks.tour}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
        <ol className="relative space-y-8 before:absolute before:bottom-6 before:left-[15px] before:top-6 sm:before:left-[19px] before:w-0.5 before:bg-border">
          {howItWorks.steps.map((step, i) => {
            const Icon = landingIcons[step.icon];
            return (
              <li key={step.title} className="relative flex gap-3 sm:gap-5">
                <span className="relative z-10 flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-bold sm:size-10 sm:text-base text-primary-foreground ring-4 ring-background">
                  {i + 1}
                </span>
                <div className="min-w-0 flex-1 rounded-[var(--radius-card)] border border-border bg-card p-5 shadow-[var(--shadow-card)] sm:p-6">
                  <div className="flex items-center gap-3">
                    <Icon aria-hidden="true" className="size-5 shrink-0 text-accent" />
                    <h3 className="min-w-0 text-lg font-semibold">
                      <span className="sr-only">Step {i + 1}: </span>
                      {step.title}
                    </h3>
                  </div>
                  <p className="mt-2 leading-relaxed text-foreground/80">
                    {step.body}
                    {step.note && <NoteRef id={step.note} />}
                  </p>
                </div>
              </li>
            );
          })}
        </ol>
      </div>

      <div className={`${container} mt-20`}>
        <div className="rounded-[calc(var(--radius-card)+8px)] bg-muted p-6 sm:p-10">
          <h2 id="summary-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {summary.title}
          </h2>
          <ol aria-labelledby="summary-title" className="mt-8 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {summary.steps.map((step, i) => {
              const Icon = landingIcons[step.icon];
              return (
                <li key={step.title} className="rounded-[var(--radius-card)] bg-card p-5 shadow-[var(--shadow-card)]">
                  <div className="flex items-center justify-between">
                    <span className="flex size-10 items-center justify-center rounded-full bg-accent-soft text-accent">
                      <Icon aria-hidden="true" className="size-5" />
                    </span>
                    <span aria-hidden="true" className="tabular text-sm font-semibold text-muted-foreground">
                      {String(i + 1).padStart(2, '0')}
                    </span>
                  </div>
                  <h3 className="mt-4 text-xl font-bold text-primary">{step.title}</h3>
                  <p className="mt-1 text-[0.9375rem] leading-relaxed text-muted-foreground">{step.body}</p>
                </li>
              );
            })}
          </ol>
        </div>
      </div>
    </section>
  );
}
