import { Toaster as Sonner } from 'sonner';

/** spec §9: bottom-right, Alt+T, about 3 visible, about 4 s. */
export default function Toaster() {
  return <Sonner position="bottom-right" hotkey={['altKey', 'KeyT']} visibleToasts={3} duration={4000} richColors closeButton />;
}
