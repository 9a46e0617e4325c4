const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Times in the console are the operator's local time to the second; the zone is said once, in the
 * column title (`timeTitle`), not on every row.
 */
export function formatTime(ms: number | null): string {
  if (ms === null) return '—';
  const date = new Date(ms);
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

/** A column title with the local zone: "Time (UTC+08:00)". */
export function timeTitle(title: string): string {
  const offset = -new Date().getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  return `${title} (UTC${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)})`;
}

/** "USERNAME_INVITE" -> "username invite": a server code the console has no label for, in words. */
export function codeText(code: string): string {
  return code.toLowerCase().replace(/_/g, ' ');
}
