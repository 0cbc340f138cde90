import { cx } from '../../../components/ui/class-names';
import { imageAddress } from '../../../lib/image-address';

/** A card type's picture (an upload address) or, without one, the reef card drawn here. Decorative: the name is beside it. */
export function CardArt({ image, large = false }: { image: string; large?: boolean }) {
  const className = cx('card-art', large && 'card-art--large');
  const address = imageAddress(image);
  if (address) return <img className={className} src={address} alt="" loading="lazy" />;
  return (
    <svg className={className} viewBox="0 0 64 84" aria-hidden="true" focusable="false">
      <rect width="64" height="84" rx="9" fill="#0b2a50" />
      <rect width="64" height="40" rx="9" fill="#14b8c7" opacity="0.45" />
      <path d="M14 46c6-8 16-8 22 0-6 8-16 8-22 0Z" fill="#ff7a66" />
      <path d="M36 46l8-6v12z" fill="#ffd37a" />
      <circle cx="20" cy="44.5" r="1.6" fill="#04152b" />
      <path d="M8 76c6-10 10-10 14 0M40 76c4-14 10-14 16 0" stroke="#f4d9a6" strokeWidth="2" fill="none" />
    </svg>
  );
}
