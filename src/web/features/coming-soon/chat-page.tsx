import { MessageCircle } from 'lucide-react';
import { brand } from '../../lib/config';
import { ComingSoon } from './coming-soon';

/** /chat (docs/product/public-site.md#coming-soon-pages: linked from the bottom navigation, content not shown). */
export default function ChatPage() {
  return (
    <ComingSoon icon={MessageCircle} title="Chat with us">
      <p>
        Soon you will message your {brand.name} advisor right here. Until then, write to{' '}
        <a className="font-semibold text-primary underline underline-offset-4" href={`mailto:${brand.contactEmail}`}>
          {brand.contactEmail}
        </a>
        .
      </p>
    </ComingSoon>
  );
}
