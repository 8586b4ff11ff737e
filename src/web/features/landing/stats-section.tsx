import type { LandingContent } from './landing-content';
import { cn } from '../../lib/cn';
import { NoteRef } from './note-ref';
import { container, SectionHeading } from './section-heading';

/** visual.md: real numbers in large type (2 %, 30 %, 27 %, 100 %). */
export function StatsSection({ stats }: { stats: LandingContent['stats'] }) {
  return (
    <section aria-labelledby="stats-title" className="py-16 md:py-24">
      <div className={container}>
        <SectionHeading id="stats-title" title={stats.title} intro={stats.intro} />
        <dl className="mt-12 grid grid-cols-1 gap-px overflow-hidden rounded-[var(--radius-card)] border border-border bg-border sm:grid-cols-2 lg:grid-cols-4">
          {stats.items.map((stat) => (
            // A size container: the figure's type shrinks to its card when text is enlarged (docs/product/public-site.md#reflow).
            <div key={stat.value} className="@container flex flex-col bg-card p-6 sm:p-8">
              <dt className="order-2 mt-3 text-lg font-semibold leading-snug text-foreground">
                {stat.label}
                {stat.note && <NoteRef id={stat.note} />}
              </dt>
              <dd className="order-1 tabular text-[length:min(3.75rem,36cqw)] leading-none font-bold tracking-tight text-primary sm:text-[length:min(4.5rem,36cqw)]">
                {/* Every card keeps the qualifier's line so the numbers line up in a row. */}
                <span className={cn('mb-1 block h-6 text-base font-semibold tracking-normal text-accent', !stat.prefix && 'hidden lg:block')}>
                  {stat.prefix}
                </span>
                <span>{stat.value}</span>
              </dd>
              <dd className="order-3 mt-1 text-[0.9375rem] leading-relaxed text-muted-foreground">{stat.detail}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
