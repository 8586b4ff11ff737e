import type { SVGProps } from 'react';

const primary = 'var(--color-primary)';
const accent = 'var(--color-accent)';
const primarySoft = 'var(--color-primary-soft)';
const accentSoft = 'var(--color-accent-soft)';
const card = 'var(--color-card)';

/** Two budget sliders (down payment, monthly) above a small home and an equity ring. Decorative. */
export function BudgetSlidersIllustration(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 400 320" fill="none" aria-hidden="true" focusable="false" {...props}>
      <rect x="18" y="22" width="364" height="280" rx="28" fill={accentSoft} />
      <rect x="48" y="52" width="304" height="220" rx="18" fill={primary} opacity="0.1" transform="translate(3 6)" />
      <rect x="48" y="52" width="304" height="220" rx="18" fill={card} />
      {/* down payment slider */}
      <rect x="74" y="78" width="92" height="9" rx="4.5" fill={primarySoft} />
      <rect x="290" y="76" width="36" height="13" rx="6.5" fill={accentSoft} />
      <rect x="74" y="112" width="252" height="8" rx="4" fill={primarySoft} />
      <rect x="74" y="112" width="64" height="8" rx="4" fill={accent} />
      <circle cx="138" cy="116" r="12" fill={card} stroke={accent} strokeWidth="5" />
      {/* monthly slider */}
      <rect x="74" y="146" width="120" height="9" rx="4.5" fill={primarySoft} />
      <rect x="290" y="144" width="36" height="13" rx="6.5" fill={primarySoft} />
      <rect x="74" y="180" width="252" height="8" rx="4" fill={primarySoft} />
      <rect x="74" y="180" width="168" height="8" rx="4" fill={primary} />
      <circle cx="242" cy="184" r="12" fill={card} stroke={primary} strokeWidth="5" />
      {/* small home and equity ring */}
      <path d="M78 246v-22l20-16 20 16v22z" fill={primary} />
      <rect x="93" y="232" width="10" height="14" rx="2" fill={accent} />
      <rect x="130" y="222" width="110" height="8" rx="4" fill={primarySoft} />
      <rect x="130" y="238" width="72" height="8" rx="4" fill={primarySoft} />
      <circle cx="302" cy="232" r="20" stroke={primarySoft} strokeWidth="9" />
      <path d="M302 212a20 20 0 0 1 19 26" stroke={primary} strokeWidth="9" strokeLinecap="round" />
    </svg>
  );
}
