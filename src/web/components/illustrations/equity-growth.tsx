import type { SVGProps } from 'react';

const primary = 'var(--color-primary)';
const accent = 'var(--color-accent)';
const primarySoft = 'var(--color-primary-soft)';
const accentSoft = 'var(--color-accent-soft)';
const card = 'var(--color-card)';

/** Bars of growing equity with a home on the tallest one. Decorative. */
export function EquityGrowthIllustration(props: SVGProps<SVGSVGElement>) {
  const bars = [
    { x: 58, h: 46 },
    { x: 118, h: 78 },
    { x: 178, h: 112 },
    { x: 238, h: 148 },
    { x: 298, h: 186 },
  ];
  return (
    <svg viewBox="0 0 400 320" fill="none" aria-hidden="true" focusable="false" {...props}>
      <circle cx="200" cy="170" r="140" fill={accentSoft} />
      <rect x="36" y="282" width="328" height="6" rx="3" fill={primary} opacity="0.2" />
      {bars.map((bar, i) => (
        <rect key={bar.x} x={bar.x} y={282 - bar.h} width="44" height={bar.h} rx="8" fill={i < 3 ? primarySoft : primary} opacity={i === 3 ? 0.7 : 1} />
      ))}
      {bars.slice(0, 3).map((bar) => (
        <rect key={`c${bar.x}`} x={bar.x} y={282 - bar.h} width="44" height={bar.h} rx="8" stroke={primary} strokeOpacity="0.35" strokeWidth="2" />
      ))}
      <rect x="304" y="68" width="32" height="28" fill={card} stroke={primary} strokeWidth="3" />
      <path d="M296 72 320 50l24 22z" fill={accent} />
      <rect x="315" y="80" width="10" height="16" rx="1.5" fill={accent} />
      <path d="M62 214c60-10 110-36 150-74s60-56 72-64" stroke={accent} strokeWidth="5" strokeLinecap="round" strokeDasharray="2 12" />
      <circle cx="80" cy="72" r="18" fill={card} stroke={accent} strokeWidth="5" />
      <path d="M80 61v22M85 65h-7a3.5 3.5 0 0 0 0 7h4a3.5 3.5 0 0 1 0 7h-7" stroke={accent} strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
