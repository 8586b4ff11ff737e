import { Quote } from 'lucide-react';
import { TESTIMONIALS_LABEL, type Testimonial } from './testimonials';
import { container, SectionHeading } from './section-heading';

/** docs/product/public-site.md#landing-page: the testimonials are labelled as illustrative. */
export function TestimonialsSection({ title, items }: { title: string; items: Testimonial[] }) {
  return (
    <section aria-labelledby="testimonials-title" className="border-y border-border/70 bg-card py-16 md:py-24">
      <div className={container}>
        <SectionHeading id="testimonials-title" title={title} intro={TESTIMONIALS_LABEL} />
        <ul className="mt-12 grid grid-cols-1 gap-6 md:grid-cols-3">
          {items.map((t) => (
            <li key={t.name}>
              <figure className="flex h-full flex-col rounded-[var(--radius-card)] border border-border bg-background p-6 sm:p-7">
                <Quote aria-hidden="true" className="size-8 text-accent" />
                <blockquote className="mt-4 flex-1 text-[1.0625rem] leading-relaxed text-foreground">
                  <p>“{t.quote}”</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3 border-t border-border pt-4">
                  <span aria-hidden="true" className="flex size-10 items-center justify-center rounded-full bg-primary-soft font-semibold text-primary">
                    {t.name.charAt(0)}
                  </span>
                  <span>
                    <span className="block font-semibold">{t.name}</span>
                    <span className="block text-sm text-muted-foreground">
                      {t.age}, {t.city}
                    </span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
