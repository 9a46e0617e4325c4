/**
 * A spinning ring in the brand colour. It replaces antd-mobile's SpinLoading, which animates through
 * react-spring on the main thread; this one is a CSS animation the compositor runs, styled in
 * styles/global.css because the app shell of index.html shows it before any script has run.
 * Decorative by default: a `label` makes it announce itself as a status.
 */
export function Spinner({ size = 'md', label }: { size?: 'sm' | 'md' | 'lg'; label?: string }) {
  return (
    <span
      className={`spinner spinner--${size}`}
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    />
  );
}
