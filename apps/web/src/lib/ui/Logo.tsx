/**
 * The product's mark, drawn as SVG (the favicon's raised hand), so it shows on every device; an
 * emoji needs an emoji font and is an empty box without one. Decorative: name the product in text.
 */
export function Logo({ size = 32, className }: { size?: number; className?: string }) {
  return (
    <svg
      className={className ? `logo ${className}` : 'logo'}
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="32" height="32" rx="7" fill="var(--primary)" />
      <path
        d="M11 25V12a2 2 0 0 1 4 0v6-9a2 2 0 0 1 4 0v9-7a2 2 0 0 1 4 0v9c0 5-3 8-8 8-3 0-5-1-6-3l-3-5a2 2 0 0 1 3-2l2 3"
        fill="none"
        stroke="var(--primary-contrast)"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
