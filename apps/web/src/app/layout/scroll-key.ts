import type { Location } from 'react-router';
import { findRoute } from '../../config/route-meta.ts';

/**
 * Under which key the app remembers a screen's scroll position. A tab page is one place the user
 * moves between, so its key is its path: switching tabs opens each at its own remembered position
 * (or its top on the first visit), never at the position of the tab before. Any other page is
 * remembered per history entry, the browser's own rule: a new visit starts at the top, and Back
 * returns to where the user was.
 */
export function scrollKeyOf(location: Pick<Location, 'pathname' | 'key'>): string {
  return findRoute(location.pathname)?.tab ? location.pathname : location.key;
}
