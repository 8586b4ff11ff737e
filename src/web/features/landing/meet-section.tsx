import type { LandingContent } from './landing-content';
import { EquityGrowthIllustration } from '../../components/illustrations/equity-growth';
import { landingIcons } from './landing-icons';
import { container, SectionHeading } from './section-heading';

export function MeetSection({ meet }: { meet: LandingContent['meet'] }) {
  return (
    <section aria-labelledby="meet-title" className="border-y border-border/70 bg-card py-16 md:py-24">
      <div className={`${container} grid grid-cols-1 items-center gap-12 md:grid-cols-2`}>
        <EquityGrowthIllustration className="order-last mx-auto w-full max-w-md md:order-first" />
        <div>
          <SectionHeading id="meet-title" title={meet.title} intro={meet.lead} />
          {meet.paragraphs.map((text) => (
            <p key={text} className="mt-4 leading-relaxed text-foreground/85">
              {text}
            </p>
          ))}
          <ul className="mt-8 grid grid-cols-1 gap-5 sm:grid-cols-3 md:grid-cols-1 lg:grid-cols-3">
            {meet.points.map((point) => {
              const Icon = landingIcons[point.icon];
              return (
                <li key={point.title}>
                  <span className="flex size-10 items-center justify-center rounded-full bg-primary-soft text-primary">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <h3 className="mt-3 font-semibold">{point.title}</h3>
                  <p className="mt-1 text-[0.9375rem] leading-relaxed text-muted-foreground">{point.body}</p>
                </li>
              );
            })}
          </ul>
        </div>
      </div>
    </section>
  );
}
