import type { SVGProps } from 'react';

const primary = 'var(--color-primary)';
const accent = 'var(--color-accent)';
const primarySoft = 'var(--color-primary-soft)';
const accentSoft = 'var(--color-accent-soft)';
const card = 'var(--color-card)';

/** Hero art: a home with a rising equity card and a key. Decorative. */
export function HeroHomeIllustration(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 440 380" fill="none" aria-hidden="true" focusable="false" {...props}>
      <circle cx="230" cy="200" r="165" fill={primarySoft} />
      <circle cx="118" cy="96" r="24" fill={accentSoft} />
      <rect x="44" y="318" width="370" height="6" rx="3" fill={primary} opacity="0.18" />
      {/* tree */}
      <rect x="367" y="250" width="9" height="70" rx="3" fill={primary} />
      <circle cx="371" cy="236" r="32" fill={primary} opacity="0.8" />
      <circle cx="356" cy="252" r="18" fill={primary} />
      {/* house */}
      <rect x="126" y="182" width="190" height="138" fill={card} stroke={primary} strokeWidth="5" strokeLinejoin="round" />
      <rect x="278" y="108" width="22" height="52" fill={primary} />
      <path d="M104 194 221 98l117 96" fill={primary} />
      <path d="M104 194 221 98l117 96" stroke={primary} strokeWidth="10" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="221" cy="156" r="15" fill={accentSoft} />
      <rect x="148" y="212" width="44" height="42" rx="5" fill={accentSoft} stroke={primary} strokeWidth="4" />
      <path d="M170 212v42M148 233h44" stroke={primary} strokeWidth="3" />
      <rect x="250" y="212" width="44" height="42" rx="5" fill={accentSoft} stroke={primary} strokeWidth="4" />
      <path d="M272 212v42M250 233h44" stroke={primary} strokeWidth="3" />
      <path d="M200 320v-66a6 6 0 0 1 6-6h30a6 6 0 0 1 6 6v66z" fill={accent} />
      <circle cx="232" cy="288" r="3.5" fill={card} />
      {/* equity card */}
      <g>
        <rect x="292" y="34" width="134" height="92" rx="16" fill={primary} opacity="0.12" transform="translate(3 5)" />
        <rect x="292" y="34" width="134" height="92" rx="16" fill={card} />
        <rect x="308" y="50" width="52" height="8" rx="4" fill={primarySoft} />
        <rect x="310" y="94" width="14" height="18" rx="3" fill={primarySoft} />
        <rect x="332" y="84" width="14" height="28" rx="3" fill={primarySoft} />
        <rect x="354" y="74" width="14" height="38" rx="3" fill={primary} opacity="0.55" />
        <rect x="376" y="62" width="14" height="50" rx="3" fill={primary} />
        <path d="m312 82 24-12 22 4 34-22" stroke={accent} strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
        <path d="m396 47-4 6-6-3" stroke={accent} strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" transform="rotate(20 392 50)" />
      </g>
      {/* key card */}
      <g>
        <rect x="20" y="270" width="128" height="62" rx="16" fill={primary} opacity="0.12" transform="translate(3 5)" />
        <rect x="20" y="270" width="128" height="62" rx="16" fill={card} />
        <circle cx="54" cy="301" r="14" stroke={accent} strokeWidth="6" />
        <path d="M68 301h56M108 301v12M120 301v9" stroke={accent} strokeWidth="6" strokeLinecap="round" />
      </g>
    </svg>
  );
}
