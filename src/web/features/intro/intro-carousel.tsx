import { ArrowRight, ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { INTRO_AUTO_ADVANCE_MS, type IntroSlide } from './intro-slides';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { introIcons } from './intro-icons';
import { useReducedMotion } from '../../lib/use-reduced-motion';

const pad = (n: number) => String(n).padStart(2, '0');

type Direction = 'forward' | 'backward';

/**
 * docs/product/public-site.md#intro-carousel, following the WAI-ARIA APG carousel pattern: a rotation
 * control, slide picker buttons, a live region that is polite only while rotation is
 * off, and rotation that holds while keyboard focus is inside.
 */
export function IntroCarousel({ slides, label }: { slides: IntroSlide[]; label: string }) {
  const last = slides.length - 1;
  const [{ index, direction }, setPosition] = useState<{ index: number; direction: Direction }>({ index: 0, direction: 'forward' });
  const [playing, setPlaying] = useState(true);
  const [focusHeld, setFocusHeld] = useState(false);
  const reducedMotion = useReducedMotion();
  const prevRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);

  // docs/product/public-site.md#intro-carousel: every 8000 ms until the last slide; never under prefers-reduced-motion.
  const canRotate = !reducedMotion && index < last;
  // The opening slide has not been moved to (any move to slide 1 is backward).
  const arrived = !(index === 0 && direction === 'forward');
  const rotating = canRotate && playing && !focusHeld;

  const go = useCallback(
    (target: number) => {
      const clamped = Math.max(0, Math.min(last, target));
      setPosition((current) => (clamped === current.index ? current : { index: clamped, direction: clamped > current.index ? 'forward' : 'backward' }));
    },
    [last],
  );

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => go(index + 1), INTRO_AUTO_ADVANCE_MS);
    return () => window.clearTimeout(timer);
  }, [rotating, index, go]);

  // A button that becomes disabled drops focus to <body>; hand it to the other arrow instead.
  const step = (delta: 1 | -1) => {
    const target = index + delta;
    go(target);
    const reachesEnd = target <= 0 || target >= last;
    const hadFocus = document.activeElement === (delta === 1 ? nextRef.current : prevRef.current);
    if (reachesEnd && hadFocus) (delta === 1 ? prevRef : nextRef).current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowRight' && index < last) {
      event.preventDefault();
      step(1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      step(-1);
    }
  };

  // Keyboard focus inside holds rotation (APG); a mouse click does not.
  const onFocus = (event: FocusEvent<HTMLElement>) => {
    if (event.target instanceof Element && event.target.matches(':focus-visible')) setFocusHeld(true);
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusHeld(false);
  };

  const slide = slides[index];
  const Icon = introIcons[slide.icon];

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      onBlur={onBlur}
      className="overflow-hidden rounded-[calc(var(--radius-card)+8px)] border border-border bg-card shadow-[var(--shadow-raised)]"
    >
      <div className="flex items-center justify-between gap-3 border-b border-border px-4 py-3 sm:px-6">
        <p className="tabular text-sm font-semibold tracking-wider text-muted-foreground">
          <span className="text-primary">{pad(index + 1)}</span> / {pad(slides.length)}
        </p>
        {!reducedMotion && (
          <Button
            variant="ghost"
            size="sm"
            disabled={!canRotate}
            onClick={() => setPlaying((p) => !p)}
            aria-label={playing ? 'Pause auto-advance' : 'Resume auto-advance'}
            className="h-10 text-muted-foreground"
          >
            {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
            <span aria-hidden="true">{playing ? 'Pause' : 'Resume'}</span>
          </Button>
        )}
      </div>
      <div className="h-1 bg-muted" aria-hidden="true">
        {rotating && (
          <div
            key={index}
            className="h-full origin-left bg-accent/70 transition-transform ease-linear starting:scale-x-0"
            style={{ transitionDuration: `${INTRO_AUTO_ADVANCE_MS}ms` }}
          />
        )}
      </div>

      <div aria-live={rotating ? 'off' : 'polite'} className="overflow-hidden">
        <div
          key={index}
          role="group"
          aria-roledescription="slide"
          aria-label={`${index + 1} of ${slides.length}`}
          data-direction={direction}
          className={cn(
            'flex min-h-[22rem] flex-col items-center px-6 py-10 text-center sm:min-h-[20rem] sm:px-12',
            // A slide the reader moved to comes in from its side; the first one, as the page opens, is simply there (a
            // transparent slide is no paint candidate: the fade held the page's first paint back, ADR 025).
            arrived && 'transition duration-200 ease-out starting:opacity-0',
            arrived && (direction === 'forward' ? 'starting:translate-x-12' : 'starting:-translate-x-12'),
          )}
        >
          <span className="flex size-16 items-center justify-center rounded-2xl bg-primary-soft text-primary">
            <Icon aria-hidden="true" className="size-8" />
          </span>
          <h2 className="mt-6 text-2xl font-bold tracking-tight sm:text-3xl">{slide.title}</h2>
          <p className="mt-3 max-w-md text-lg leading-relaxed text-muted-foreground">{slide.body}</p>
          {slide.action && (
            <Button asChild variant={index === last ? 'accent' : 'link'} className="mt-6">
              <Link to={slide.action.to}>
                {slide.action.label}
                {index === last && <ArrowRight aria-hidden="true" />}
              </Link>
            </Button>
          )}
        </div>
      </div>

      <div className="flex items-center justify-between gap-2 border-t border-border px-3 py-3 sm:px-6">
        <Button ref={prevRef} variant="outline" size="icon" onClick={() => step(-1)} disabled={index === 0} aria-label="Previous slide">
          <ChevronLeft aria-hidden="true" className="!size-5" />
        </Button>
        <div className="flex items-center">
          {slides.map((s, i) => (
            <button
              key={s.title}
              type="button"
              onClick={() => go(i)}
              aria-label={`Go to slide ${i + 1}`}
              aria-current={i === index ? 'true' : undefined}
              className="group flex size-8 cursor-pointer items-center justify-center rounded-full sm:size-9"
            >
              <span
                aria-hidden="true"
                className={cn(
                  'block h-2.5 rounded-full transition-all duration-200',
                  i === index ? 'w-6 bg-primary' : 'w-2.5 bg-muted-foreground/75 group-hover:bg-primary',
                )}
              />
            </button>
          ))}
        </div>
        <Button ref={nextRef} variant="outline" size="icon" onClick={() => step(1)} disabled={index === last} aria-label="Next slide">
          <ChevronRight aria-hidden="true" className="!size-5" />
        </Button>
      </div>
    </section>
  );
}
