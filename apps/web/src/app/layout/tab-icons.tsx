export type TabIconName = 'home' | 'market' | 'trade' | 'assets' | 'finance' | 'me';

/** Outline icons drawn with the current text colour, so they follow the theme and the active state. */
const PATHS: Record<TabIconName, string> = {
  home: 'M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z',
  market: 'M4 19V9m5 10V5m5 14v-7m5 7V8',
  trade: 'M4 16l5-5 4 4 7-8M15 7h5v5',
  assets: 'M3 7h18v12H3zM3 7l2-3h14l2 3M16 13h2',
  finance:
    'M12 3v18M16.5 7.5c0-1.7-2-3-4.5-3s-4.5 1.3-4.5 3 2 2.6 4.5 3 4.5 1.3 4.5 3-2 3-4.5 3-4.5-1.3-4.5-3',
  me: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-8 9a8 8 0 0 1 16 0',
};

export function TabIcon({ name }: { name: TabIconName }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
