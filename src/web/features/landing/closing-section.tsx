import { Calculator, ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import type { LandingContent } from './landing-content';
import { Button } from '../../components/ui/button';
import { container } from './section-heading';

export function ClosingSection({ closing }: { closing: LandingContent['closing'] }) {
  return (
    <section aria-labelledby="closing-title" className="py-16 md:py-24">
      <div className={container}>
        <div className="relative overflow-hidden rounded-[calc(var(--radius-card)+8px)] bg-primary px-6 py-12 text-center text-primary-foreground sm:px-12 md:py-16">
          <svg aria-hidden="true" focusable="false" viewBox="0 0 200 200" className="pointer-events-none absolute -bottom-16 -right-10 size-72 opacity-10">
            <path d="M20 100 100 30l80 70v80H20z" fill="none" stroke="currentColor" strokeWidth="10" strokeLinejoin="round" />
          </svg>
          <h2 id="closing-title" className="relative text-3xl font-bold tracking-tight sm:text-4xl">
            {closing.title}
          </h2>
          <p className="relative mx-auto mt-4 max-w-xl text-lg leading-relaxed text-white/85">{closing.body}</p>
          <div className="relative mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild variant="accent" size="lg">
              <Link to="/waitlist">
                {closing.waitlist} <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild variant="outline" size="lg" className="border-transparent">
              <Link to="/how-much-home-can-i-afford">
                <Calculator aria-hidden="true" /> {closing.calculator}
              </Link>
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
