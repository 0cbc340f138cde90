/**
 * `0x1234…abcd`: a wallet address short enough for one line of the narrowest phone in any language (issue 25 §3) —
 * the 0x, four characters and the last four, enough to tell one's own wallet at a glance; the copy button copies it whole.
 */
export function shortAccount(account: string): string {
  return account.length <= 12 ? account : `${account.slice(0, 6)}…${account.slice(-4)}`;
}
