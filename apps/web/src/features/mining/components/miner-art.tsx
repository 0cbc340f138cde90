/** A product's picture (an operator's upload) or, without one, a drilling rig on the reef. Decorative: the name is beside it. */
export function MinerArt({ image }: { image: string }) {
  if (image !== '') return <img className="miner-art" src={image} alt="" loading="lazy" />;
  return (
    <svg className="miner-art" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="12" fill="#0b2a50" />
      <path d="M6 56c8-12 14-12 20 0M38 56c6-16 14-16 20 0" stroke="#f4d9a6" strokeWidth="2.5" fill="none" />
      <path d="M24 44h16l-3-22H27z" fill="#14b8c7" opacity="0.8" />
      <path d="M32 22V10M26 14h12" stroke="#ffd37a" strokeWidth="3" strokeLinecap="round" />
      <circle cx="46" cy="20" r="4" fill="none" stroke="#2ee6d6" strokeWidth="1.5" />
      <circle cx="50" cy="11" r="2.5" fill="none" stroke="#2ee6d6" strokeWidth="1.5" />
    </svg>
  );
}
