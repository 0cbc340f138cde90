import { useTranslation } from '../../i18n';
import { Fish } from './art/fish';
import { cx } from './class-names';
import './user-badge.css';
import { imageAddress } from '../../lib/image-address';

/** Fish colours an avatar-less person gets, picked by uid so one person keeps one colour everywhere. */
const FISH_COLORS = [
  { body: '#ff8a4c', fin: '#ffd37a' },
  { body: '#5ef0e2', fin: '#ff7a66' },
  { body: '#ffd37a', fin: '#2ee6d6' },
  { body: '#b69cff', fin: '#ffd37a' },
  { body: '#7ad1ff', fin: '#ff8a4c' },
] as const;

interface AvatarProps {
  /** An upload address (`/uploads/<sha256>.<ext>`) or null for the drawn fallback. */
  src: string | null | undefined;
  /** Picks the fallback's colour; any stable number. */
  uid?: number;
  /** Pixels; the picture is square and shown round. */
  size?: number;
  className?: string;
}

/** Someone's picture: their avatar upload, or a reef fish when they set none. Decorative: the name beside it says who. */
export function Avatar({ src, uid = 0, size = 40, className }: AvatarProps) {
  const style = { width: size, height: size };
  // Only our own upload addresses: a stored profile never points the page at another site.
  const address = imageAddress(src);
  if (address) {
    return <img className={cx('avatar', className)} src={address} alt="" width={size} height={size} style={style} loading="lazy" decoding="async" />;
  }
  const colors = FISH_COLORS[Math.abs(uid) % FISH_COLORS.length]!;
  return (
    <span className={cx('avatar', 'avatar--fish', className)} style={style} aria-hidden="true">
      <Fish body={colors.body} fin={colors.fin} striped={uid % 2 === 0} />
    </span>
  );
}

interface UserBadgeProps {
  uid: number | null;
  nickname: string;
  /** The masked address (first 4 + last 4), as the server sends it; empty to leave it out. */
  address?: string;
  avatar?: string | null;
  size?: number;
  testId?: string;
}

/**
 * Who someone is, in one line: avatar, nickname (or a placeholder name), then uid and masked address. Every screen
 * that shows a person (chat, transfer, Mine) uses this, so one person looks the same everywhere.
 */
export function UserBadge({ uid, nickname, address = '', avatar = null, size = 40, testId }: UserBadgeProps) {
  const { t } = useTranslation();
  const details = [uid !== null ? `${t('mine.uid')} ${uid}` : '', address].filter((part) => part !== '').join(' · ');
  return (
    <span className="user-badge" data-testid={testId}>
      <Avatar src={avatar} uid={uid ?? 0} size={size} />
      <span className="user-badge__text">
        <span className="user-badge__name">{nickname || t('mine.noNickname')}</span>
        {details && <span className="user-badge__details">{details}</span>}
      </span>
    </span>
  );
}
