/** A goods picture (an upload address), or a drawn parcel while it has none. */
export function GoodsPicture({ src, large = false }: { src: string | undefined; large?: boolean }) {
  const className = large ? 'shop-picture shop-picture--large' : 'shop-picture';
  if (src) return <img className={className} src={src} alt="" loading="lazy" />;
  return (
    <svg className={className} viewBox="0 0 48 48" aria-hidden="true">
      <rect x="8" y="14" width="32" height="26" rx="3" fill="#1b4f72" />
      <path d="M8 20h32M24 14v26" stroke="#5ef0e2" strokeWidth="3" />
      <path d="M18 8l6 6 6-6" stroke="#ff7a66" strokeWidth="3" fill="none" />
    </svg>
  );
}
