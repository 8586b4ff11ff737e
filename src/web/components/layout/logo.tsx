import { Link } from 'react-router';
import { brand } from '../../lib/config';
import { cn } from '../../lib/cn';

/** The mark; `inverted` for dark backgrounds such as the footer. */
export function LogoMark({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8', className)}>
      <rect width="32" height="32" rx="8" fill={inverted ? '#f7f3ec' : 'var(--color-primary)'} />
      <path d="M7 16.5 16 9l9 7.5V25a1 1 0 0 1-1 1h-5v-6h-6v6H8a1 1 0 0 1-1-1z" fill={inverted ? 'var(--color-primary)' : '#f7f3ec'} />
      <circle cx="16" cy="16.5" r="1.8" fill="var(--color-accent)" />
    </svg>
  );
}

export function Logo({ className }: { className?: string }) {
  return (
    <Link
      to="/"
      className={cn('flex items-center gap-2 rounded-md text-xl font-bold tracking-tight text-primary', className)}
      aria-label={`${brand.name} home`}
    >
      <LogoMark />
      <span>{brand.name}</span>
    </Link>
  );
}
