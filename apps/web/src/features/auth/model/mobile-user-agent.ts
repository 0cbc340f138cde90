// Its own module so the app shell can ask "is this a phone?" without the wallet-app link builders (decision 039).
/** Phones and tablets: where a wallet is an app, not a browser extension. */
export function isMobileUserAgent(userAgent: string): boolean {
  return /Android|iPhone|iPad|iPod|Mobile|HarmonyOS/i.test(userAgent);
}
