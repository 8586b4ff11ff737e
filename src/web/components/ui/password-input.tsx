import { Eye, EyeOff } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { Input } from './input';

type PasswordInputProps = Omit<ComponentProps<'input'>, 'type'> & {
  /** The toggle's accessible name, e.g. 'Show password' or 'Show confirm password'. */
  toggleLabel?: string;
};

/**
 * A password field with a show/hide toggle.
 * The toggle is a pressed/not-pressed button with a fixed name, as WAI-ARIA's
 * toggle-button pattern wants; the field keeps its autocomplete hint so password
 * managers fill and save it, and paste is never blocked.
 */
export function PasswordInput({ className, toggleLabel = 'Show password', disabled, ...props }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input
        type={visible ? 'text' : 'password'}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        disabled={disabled}
        className={cn('pr-12', className)}
        {...props}
      />
      <button
        type="button"
        aria-label={toggleLabel}
        aria-pressed={visible}
        disabled={disabled}
        onClick={() => setVisible((v) => !v)}
        className="absolute inset-y-0 right-0 flex w-11 cursor-pointer items-center justify-center rounded-r-[var(--radius-control)] text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed"
      >
        {visible ? <EyeOff aria-hidden="true" className="size-5" /> : <Eye aria-hidden="true" className="size-5" />}
      </button>
    </div>
  );
}
