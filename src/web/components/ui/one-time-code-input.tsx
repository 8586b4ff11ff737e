import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { Input } from './input';

/** The 6-digit code of an authenticator app: numeric keypad on phones, filled by the OS/password manager when it can. */
export function OneTimeCodeInput({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <Input
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9 ]*"
      placeholder="123456"
      className={cn('max-w-48 font-mono text-lg tracking-[0.3em] placeholder:tracking-[0.3em]', className)}
      {...props}
    />
  );
}
