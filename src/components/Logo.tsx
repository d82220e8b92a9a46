/**
 * The portal's mark, inline SVG so it needs no request (the CSP allows 'self' and data: images only) and takes
 * the surrounding text colour. Decorative: it always sits next to the product name.
 */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="30" height="30" rx="7" fill="currentColor" opacity="0.16" />
      <rect x="7" y="17" width="4" height="8" rx="1.5" fill="currentColor" />
      <rect x="14" y="11" width="4" height="14" rx="1.5" fill="currentColor" />
      <rect x="21" y="6" width="4" height="19" rx="1.5" fill="currentColor" />
    </svg>
  );
}
