import { useMemo } from 'react';
import { encode } from 'uqr';
import { cn } from '../../lib/cn';

/**
 * A QR code drawn as one SVG path (uqr: a tiny, dependency-free encoder that
 * ships only in this page's chunk). Dark on white with a quiet zone, so every
 * authenticator app's camera reads it.
 */
export function QrCode({ value, label, className }: { value: string; label: string; className?: string }) {
  const { size, path } = useMemo(() => {
    const qr = encode(value, { ecc: 'M', border: 2 });
    let d = '';
    qr.data.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      }),
    );
    return { size: qr.size, path: d };
  }, [value]);
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      className={cn('size-48 rounded-[var(--radius-control)] border border-border bg-white', className)}
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#1c2733" />
    </svg>
  );
}
