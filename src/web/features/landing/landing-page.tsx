import { landingContent } from './landing-content';
import { testimonials } from './testimonials';
import { brand } from '../../lib/config';
import { ClosingSection } from './closing-section';
import { CustomizeSection } from './customize-section';
import { DisclosuresSection } from './disclosures-section';
import { HeroSection } from './hero-section';
import { HowItWorksSection } from './how-it-works-section';
import { MeetSection } from './meet-section';
import { StatsSection } from './stats-section';
import { TestimonialsSection } from './testimonials-section';

/**
 * The landing page (docs/product/public-site.md#landing-page). Its purpose is to collect waitlist sign-ups.
 * Also rendered by the server (src/server/spa/static-landing.tsx).
 */
export default function LandingPage() {
  const content = landingContent(brand);
  const quotes = testimonials(brand);
  return (
    <>
      <HeroSection hero={content.hero} />
      <MeetSection meet={content.meet} />
      <StatsSection stats={content.stats} />
      <CustomizeSection customize={content.customize} />
      <HowItWorksSection howItWorks={content.howItWorks} summary={content.summary} />
      <TestimonialsSection title={content.testimonials.title} items={quotes} />
      <ClosingSection closing={content.closing} />
      <DisclosuresSection />
    </>
  );
}
