import { useEffect } from 'react';
import { Toaster as Sonner } from 'sonner';

/** spec §9: bottom-right, Alt+T, about 3 visible, about 4 s. */
export default function Toaster({ onReady }: { onReady: () => void }) {
  // Runs after sonner's own effects, i.e. once it listens for toasts.
  useEffect(() => onReady(), [onReady]);
  return <Sonner position="bottom-right" hotkey={['altKey', 'KeyT']} visibleToasts={3} duration={4000} richColors closeButton />;
}
