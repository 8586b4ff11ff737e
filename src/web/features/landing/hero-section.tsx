import { ArrowRight, Check } from 'lucide-react';
import { Link } from 'react-router';
import type { LandingContent } from './landing-content';
import { HeroHomeIllustration } from '../../components/illustrations/hero-home';
import { Button } from '../../components/ui/button';
import { NoteRef } from './note-ref';
import { container } from './section-heading';

export function HeroSection({ hero }: { hero: LandingContent['hero'] }) {
  return (
    <section aria-labelledby="hero-title" className="overflow-hidden">
      <div className={`${container} grid grid-cols-1 items-center gap-10 pb-16 pt-10 md:grid-cols-[1.15fr_0.85fr] md:pb-24 md:pt-16`}>
        <div>
          <p className="inline-flex rounded-full bg-primary-soft px-3 py-1 text-sm font-semibold text-primary">{hero.eyebrow}</p>
          <h1 id="hero-title" className="mt-5 text-4xl font-bold leading-[1.08] tracking-tight text-foreground sm:text-5xl lg:text-[3.5rem]">
            {hero.title}
          </h1>
          <p className="mt-4 text-xl font-semibold text-primary">{hero.tagline}.</p>
          <p className="mt-4 max-w-xl text-lg leading-relaxed text-muted-foreground">{hero.body}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <Button asChild variant="accent" size="lg">
              <Link to={hero.primaryCta.to}>
                {hero.primaryCta.label} <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild variant="outline" size="lg">
              <Link to={hero.secondaryCta.to}>{hero.secondaryCta.label}</Link>
            </Button>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-[0.9375rem] text-foreground/85">
            {hero.highlights.map((item) => (
              <li key={item.text} className="flex items-center gap-2">
                <Check aria-hidden="true" className="size-4 text-primary" strokeWidth={3} />
                <span>
                  {item.text}
                  {item.note && <NoteRef id={item.note} />}
                </span>
              </li>
            ))}
          </ul>
        </div>
        <HeroHomeIllustration className="mx-auto w-full max-w-[26rem] md:max-w-none" />
      </div>
    </section>
  );
}
