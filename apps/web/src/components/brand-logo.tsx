/** The brand mark: a "V" on the brand colour. */
export function BrandLogo({ className = 'brand-logo' }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 40 40" aria-hidden>
      <rect width="40" height="40" rx="10" fill="var(--brand)" />
      <path
        d="M10 12l10 17 10-17"
        fill="none"
        stroke="#1b1b1b"
        strokeWidth="3.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
