import { Icon, type IconProps } from '../icon';

/** The line icons several features draw (tab bar, quick links, funds). */
export function HomeIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 11.5 12 4l9 7.5" />
      <path d="M5.5 10v9.5h13V10" />
      <path d="M10 19.5v-5h4v5" />
    </Icon>
  );
}

export function ChatIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 5.5h16v10H9l-5 4z" />
      <path d="M8.5 10.5h.01M12 10.5h.01M15.5 10.5h.01" strokeWidth="2.6" />
    </Icon>
  );
}

export function UserIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="8.5" r="3.8" />
      <path d="M4.5 20c1.2-3.8 4-5.5 7.5-5.5s6.3 1.7 7.5 5.5" />
    </Icon>
  );
}

export function BackIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M15 5 8 12l7 7" />
    </Icon>
  );
}

export function TransferIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 8h14l-3.5-3.5" />
      <path d="M20 16H6l3.5 3.5" />
    </Icon>
  );
}

export function BillIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6 3.5h12v17l-3-2-3 2-3-2-3 2z" />
      <path d="M9 8.5h6M9 12h6M9 15.5h3.5" />
    </Icon>
  );
}

export function MinerIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M8.5 20h7l-1.5-9h-4z" />
      <path d="M12 11V4.5M9 6.5h6" />
      <circle cx="18" cy="8" r="1.8" />
      <circle cx="19.5" cy="3.8" r="1" />
    </Icon>
  );
}

export function DepositIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 3.5v11M7.5 10 12 14.5 16.5 10" />
      <path d="M4.5 16.5v3h15v-3" />
    </Icon>
  );
}

export function WithdrawIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 14.5v-11M7.5 8 12 3.5 16.5 8" />
      <path d="M4.5 16.5v3h15v-3" />
    </Icon>
  );
}

export function ExchangeIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M7 4 4 7l3 3M4 7h11a4 4 0 0 1 4 4" />
      <path d="M17 20l3-3-3-3M20 17H9a4 4 0 0 1-4-4" />
    </Icon>
  );
}

export function WalletIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 7.5h14.5a1.5 1.5 0 0 1 1.5 1.5v9a1.5 1.5 0 0 1-1.5 1.5H5.5A1.5 1.5 0 0 1 4 18V6.5A1.5 1.5 0 0 1 5.5 5H17" />
      <path d="M16 13.5h.01" strokeWidth="2.8" />
    </Icon>
  );
}

export function GlobeIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M3.5 12h17M12 3.5c2.5 2.6 3.5 5.4 3.5 8.5s-1 5.9-3.5 8.5c-2.5-2.6-3.5-5.4-3.5-8.5s1-5.9 3.5-8.5" />
    </Icon>
  );
}

export function LogoutIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M14 4.5H6.5v15H14" />
      <path d="M11 12h9M17 8.5l3.5 3.5-3.5 3.5" />
    </Icon>
  );
}

export function EyeIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12Z" />
      <circle cx="12" cy="12" r="3" />
    </Icon>
  );
}

export function EyeOffIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 4l16 16" />
      <path d="M9.9 5.8A9.6 9.6 0 0 1 12 5.5c6 0 9.5 6.5 9.5 6.5a16.4 16.4 0 0 1-2.9 3.7M6.3 7.6C3.9 9.3 2.5 12 2.5 12S6 18.5 12 18.5a9 9 0 0 0 4-.9" />
    </Icon>
  );
}

/** A card (the starter cards tile on Home). */
export function CardIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="5" y="3.5" width="14" height="17" rx="2" />
      <path d="M8.5 15.5c1.5-1.8 5.5-1.8 7 0M9 9.5c1.2-1.5 4.8-1.5 6 0" />
    </Icon>
  );
}

/** Two cards changing hands (the card market tile on Home). */
export function CardMarketIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="3.5" y="6" width="9" height="12.5" rx="1.5" />
      <rect x="11.5" y="4" width="9" height="12.5" rx="1.5" />
      <path d="M14 20h5l-1.5-1.5" />
    </Icon>
  );
}

/** A padlock (the pledge tile on Home: an amount locked for a while). */
export function PledgeIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="5" y="10.5" width="14" height="10" rx="2" />
      <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3M12 14.5v2.5" />
    </Icon>
  );
}

/** Three people, one in front (the community tile on Home: my team). */
export function TeamIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="8" r="3.2" />
      <path d="M6 19.5c.8-3.3 3.2-5 6-5s5.2 1.7 6 5" />
      <path d="M5.5 12.5a2.4 2.4 0 1 1 1.2-4.4M18.5 12.5a2.4 2.4 0 1 0-1.2-4.4" />
    </Icon>
  );
}

export function InviteIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="9" cy="8.5" r="3.5" />
      <path d="M2.5 19.5c1-3.4 3.5-5 6.5-5s5.5 1.6 6.5 5" />
      <path d="M18.5 8v6M15.5 11h6" />
    </Icon>
  );
}

/** A gift box with a question mark (the blind-box game on Home). */
export function GameIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="4" y="9" width="16" height="11" rx="1.5" />
      <path d="M3 9h18M12 9v11" />
      <path d="M9.5 5.5a2 2 0 1 1 2.5 3.5 2 2 0 1 1 2.5-3.5" />
    </Icon>
  );
}

/** Three reels (the slot machine on Home). */
export function SlotIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M9 5v14M15 5v14M4 12h16" />
    </Icon>
  );
}

// The Home shortcut grid's own glyphs (issue 25 §2): each tile a picture of its page, none shared by two tiles.

/** Income: coins stacked, one rising. */
export function IncomeIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <ellipse cx="9" cy="17" rx="5" ry="2.2" />
      <path d="M4 17v-3.5c0 1.2 2.2 2.2 5 2.2s5-1 5-2.2V17M4 13.5V10c0 1.2 2.2 2.2 5 2.2s5-1 5-2.2v3.5" />
      <ellipse cx="9" cy="10" rx="5" ry="2.2" />
      <path d="M18 14V4M15 7l3-3 3 3" />
    </Icon>
  );
}

/** The coin price: a line chart on its axes. */
export function ChartIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 4v16h16" />
      <path d="m7.5 15 3.5-4.5 3 2.5 5-6.5" />
    </Icon>
  );
}

/** Announcements: a loudspeaker. */
export function MegaphoneIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 10v4h3l8 4.5v-13L7 10z" />
      <path d="M7 14l1.2 5h2.6L10 14.7M18.5 9.5a3.5 3.5 0 0 1 0 5" />
    </Icon>
  );
}

/** The points shop: a shopping bag. */
export function BagIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5 8h14l-1 12.5H6z" />
      <path d="M9 10.5V7a3 3 0 0 1 6 0v3.5" />
    </Icon>
  );
}

/** The lucky wheel: a wheel of six slices under its pointer. */
export function WheelIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="13" r="8" />
      <path d="M12 5v16M5.1 9l13.8 8M5.1 17l13.8-8M10.5 2.5h3L12 5z" />
    </Icon>
  );
}

/** Airdrops: a parcel under a parachute. */
export function ParachuteIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3.5 11a8.5 7 0 0 1 17 0c-1.5-1-3-1-4.25 0-1.4-1-2.85-1-4.25 0-1.4-1-2.85-1-4.25 0-1.25-1-2.75-1-4.25 0" />
      <path d="m3.5 11 6.5 6.5M20.5 11 14 17.5M12 11v6.5" />
      <path d="M10 17.5h4v3.5h-4z" />
    </Icon>
  );
}

/** Buying RUSD: a coin with a plus. */
export function CoinPlusIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="11" cy="13" r="7.5" />
      <path d="M11 9.5v7M7.5 13h7M19 2.5v5M16.5 5h5" />
    </Icon>
  );
}
