import { introSlides } from './intro-slides';
import { brand } from '../../lib/config';
import { IntroCarousel } from './intro-carousel';

const slides = introSlides(brand);

/** The intro carousel at /intro (docs/product/public-site.md#intro-carousel). */
export default function IntroPage() {
  return (
    <div className="bg-[radial-gradient(ellipse_at_top,var(--color-primary-soft),transparent_70%)]">
      <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6 sm:py-16">
        <p className="text-center text-sm font-semibold uppercase tracking-wider text-accent">Getting started</p>
        <h1 className="mt-2 text-center text-3xl font-bold tracking-tight sm:text-4xl">How {brand.name} works</h1>
        <p className="mx-auto mt-3 max-w-md text-center text-muted-foreground">
          Seven short slides on owning a home with us. Take your time: you can pause, go back or skip ahead.
        </p>
        <div className="mt-8">
          <IntroCarousel slides={slides} label={`How ${brand.name} works`} />
        </div>
      </div>
    </div>
  );
}
