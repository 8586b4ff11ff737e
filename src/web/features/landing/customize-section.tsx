import type { LandingContent } from './landing-content';
import { BudgetSlidersIllustration } from '../../components/illustrations/budget-sliders';
import { landingIcons } from './landing-icons';
import { NoteRef } from './note-ref';
import { container, SectionHeading } from './section-heading';

export function CustomizeSection({ customize }: { customize: LandingContent['customize'] }) {
  return (
    <section aria-labelledby="customize-title" className="bg-primary-soft/60 py-16 md:py-24">
      <div className={`${container} grid grid-cols-1 items-center gap-12 md:grid-cols-[1fr_1.1fr]`}>
        <div>
          <SectionHeading id="customize-title" title={customize.title} intro={customize.intro} />
          <ul className="mt-8 space-y-6">
            {customize.points.map((point) => {
              const Icon = landingIcons[point.icon];
              return (
                <li key={point.title} className="flex gap-4">
                  <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-card text-accent shadow-[var(--shadow-card)]">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <div>
                    <h3 className="text-lg font-semibold">{point.title}</h3>
                    <p className="mt-1 leading-relaxed text-foreground/80">
                      {point.body}
                      {point.note && <NoteRef id={point.note} />}
                    </p>
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
        <BudgetSlidersIllustration className="mx-auto w-full max-w-md" />
      </div>
    </section>
  );
}
