import { Icon } from '../../../components/ui/icon';

/** Chat's own line icons, loaded with the chat pages only. */
export function AddFriendIcon() {
  return (
    <Icon size={22}>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M3 19.5c.8-3.4 3.1-5.5 6-5.5s5.2 2.1 6 5.5" />
      <path d="M18 8v6M15 11h6" />
    </Icon>
  );
}

export function GroupIcon() {
  return (
    <Icon size={22}>
      <circle cx="8.5" cy="8.5" r="3" />
      <circle cx="16.5" cy="9.5" r="2.5" />
      <path d="M2.5 19c.7-3 3-4.8 6-4.8s5.3 1.8 6 4.8" />
      <path d="M15 14.4c2.8-.3 5 1.2 6 4.1" />
    </Icon>
  );
}

export function FriendsIcon() {
  return (
    <Icon size={22}>
      <path d="M12 20s-7.5-4.4-7.5-10A4.2 4.2 0 0 1 12 7.6 4.2 4.2 0 0 1 19.5 10c0 5.6-7.5 10-7.5 10z" />
    </Icon>
  );
}

export function ServiceIcon() {
  return (
    <Icon size={22}>
      <path d="M4.5 14v-2a7.5 7.5 0 0 1 15 0v2" />
      <rect x="3.5" y="13" width="3.5" height="5.5" rx="1.2" />
      <rect x="17" y="13" width="3.5" height="5.5" rx="1.2" />
      <path d="M19 18.5c0 1.4-1.6 2-4 2h-2" />
    </Icon>
  );
}

export function SearchIcon() {
  return (
    <Icon size={22}>
      <circle cx="10.5" cy="10.5" r="6" />
      <path d="m15 15 5 5" />
    </Icon>
  );
}

export function SmileIcon() {
  return (
    <Icon size={22}>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M8.5 14.2c.9 1.3 2.1 2 3.5 2s2.6-.7 3.5-2" />
      <path d="M9 9.8h.01M15 9.8h.01" strokeWidth="2.6" />
    </Icon>
  );
}

export function ImageIcon() {
  return (
    <Icon size={22}>
      <rect x="3.5" y="5" width="17" height="14" rx="2" />
      <circle cx="9" cy="10" r="1.6" />
      <path d="m4 17 5-4.5 3.5 3 3-2.5 4.5 4" />
    </Icon>
  );
}
