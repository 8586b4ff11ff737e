import type { Brand } from '../../../domain/brand';

/**
 * docs/product/public-site.md#landing-page: three testimonials, each with age and
 * city, one mentioning more than $500 projected monthly saving; they are content,
 * labelled as illustrative until real ones are supplied.
 */
export interface Testimonial {
  quote: string;
  name: string;
  age: number;
  city: string;
}

export const TESTIMONIALS_LABEL = 'Illustrative testimonials; individual results vary.';

export function testimonials(brand: Pick<Brand, 'name'>): Testimonial[] {
  return [
    {
      quote:
        'We had been renting for eight years and saving for a 20% down payment felt endless. Starting with a small down payment meant we could stop waiting and pick a house near the kids’ school.',
      name: 'Maria G.',
      age: 34,
      city: 'Phoenix, AZ',
    },
    {
      quote: `For the same house, my projected ${brand.name} payment came in more than $500 a month below the mortgage quote I had. That is real breathing room in our budget.`,
      name: 'Darnell W.',
      age: 41,
      city: 'Charlotte, NC',
    },
    {
      quote:
        'My job could move me in a couple of years. Knowing I can give 60 days notice and take my equity with me is what made owning feel possible instead of risky.',
      name: 'Priya K.',
      age: 29,
      city: 'Austin, TX',
    },
  ];
}
