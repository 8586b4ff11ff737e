import { Compass } from 'lucide-react';
import { ComingSoon } from './coming-soon';

/** /explore (docs/product/public-site.md#coming-soon-pages: linked from the bottom navigation, content not shown). */
export default function ExplorePage() {
  return (
    <ComingSoon icon={Compass} title="Explore homes">
      <p>Soon you will browse homes in your area, save the ones you like and see what each would cost you with co-ownership.</p>
    </ComingSoon>
  );
}
