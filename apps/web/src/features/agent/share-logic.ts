/** The invitation screen's decisions, kept out of React and the canvas so they are tested as plain functions. */

/** The registration address an invite code is shared as; the register page fills the code in from it. */
export function registrationLink(origin: string, inviteCode: string): string {
  return `${origin}/register?inviteCode=${encodeURIComponent(inviteCode)}`;
}

/** The name the saved picture is given: the app and the code, so several pictures tell apart. */
export function sharePictureName(appName: string, inviteCode: string): string {
  const app = appName.toLowerCase().replace(/[^a-z0-9]+/g, '-') || 'invite';
  return `${app}-invite-${inviteCode}.png`;
}

/**
 * In-app browsers of chat and social apps ignore a link's `download` attribute: the tap does
 * nothing and nothing says so. There the picture is shown to be saved with a long press instead.
 */
const IN_APP_BROWSER = /MicroMessenger|\bQQ\/|Weibo|FBAN|FBAV|Instagram|\bLine\/|KAKAOTALK/i;

/** Whether this browser can save a file from a link with `download`, as far as can be known. */
export function canDownloadFiles(userAgent: string, anchor: HTMLAnchorElement): boolean {
  return 'download' in anchor && !IN_APP_BROWSER.test(userAgent);
}
