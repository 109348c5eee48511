/**
 * An account as other members may see it (leaderboards, a referrer's friends): "player123" →
 * "pl***23", enough for a member to recognise their own, not to log in as someone else.
 */
export function maskAccount(account: string): string {
  const a = [...account];
  if (a.length <= 2) return `${a[0] ?? ""}***`;
  if (a.length <= 4) return `${a[0]}***${a[a.length - 1]}`;
  return `${a.slice(0, 2).join("")}***${a.slice(-2).join("")}`;
}
