import { SITE } from '../site-config';

/** The brand mark: a globe of trade routes in a rounded square, then the name and tagline. */
export function LogoMark({ size = 36 }: { size?: number }) {
  return (
    <svg viewBox="0 0 40 40" width={size} height={size} aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="10" fill="var(--brand-700)" />
      <circle cx="20" cy="20" r="11" fill="none" stroke="var(--accent-400)" strokeWidth="2" />
      <path
        d="M9 20h22M20 9c3.5 3 5 6.6 5 11s-1.5 8-5 11c-3.5-3-5-6.6-5-11s1.5-8 5-11z"
        fill="none"
        stroke="#fff"
        strokeWidth="1.6"
      />
      <circle cx="29" cy="12" r="3" fill="var(--accent-400)" />
    </svg>
  );
}

export function Logo() {
  return (
    <span className="logo">
      <LogoMark />
      <span className="logo__text">
        <span className="logo__name">{SITE.shortBrand}</span> <span className="logo__tagline">{SITE.tagline}</span>
      </span>
    </span>
  );
}
