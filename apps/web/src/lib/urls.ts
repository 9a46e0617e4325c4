/** True only for absolute http(s) URLs; `javascript:`, `data:` and relative paths are not. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Opens an http(s) URL in a new tab; anything else is ignored. */
export function openExternal(url: string): boolean {
  if (!isHttpUrl(url)) return false;
  window.open(url, '_blank', 'noopener,noreferrer');
  return true;
}
