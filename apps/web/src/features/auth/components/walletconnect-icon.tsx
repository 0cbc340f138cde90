import { Icon, type IconProps } from '../../../components/ui/icon';

/** WalletConnect's bridge arc over a zigzag, in the app's line style (not the trademark artwork). */
export function WalletConnectIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5 10.5c3.9-3.6 10.1-3.6 14 0" />
      <path d="m4.5 13 3.5 3.5 4-4 4 4 3.5-3.5" />
    </Icon>
  );
}
