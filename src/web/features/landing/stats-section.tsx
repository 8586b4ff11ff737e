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
        <dl className="mt-12 grid gap-px overflow-hidden rounded-[var(--radius-card)] border border-border bg-border sm:grid-cols-2 lg:grid-cols-4">
          {stats.items.map((stat) => (
            <div key={stat.value} className="flex flex-col bg-card p-6 sm:p-8">
              <dt className="order-2 mt-3 text-lg font-semibold leading-snug text-foreground">
                {stat.label}
                {stat.note && <NoteRef id={stat.note} />}
              </dt>
              <dd className="order-1 tabular text-6xl font-bold tracking-tight text-primary sm:text-7xl">
                {/* Every card keeps the qualifier's line so the numbers line up in a row. */}
                <span className={cn('mb-1 block h-6 text-base font-semibold tracking-normal text-accent', !stat.prefix && 'hidden lg:block')}>
                  {stat.prefix}
                </span>
                <span>{stat.value}</span>
              </dd>
              <dd className="order-3 mt-1 text-[15px] leading-relaxed text-muted-foreground">{stat.detail}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
