import type { ReactNode } from 'react';

/**
 * A chip that is on or off (a filter, a quick range): a button that says its state to assistive
 * technology. `className` is the screen's own chip class; the on state adds `<className>--on`.
 */
export function ToggleChip({
  on,
  onClick,
  testId,
  className,
  children,
}: {
  on: boolean;
  onClick(): void;
  testId: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={`${className}${on ? ` ${className}--on` : ''}`}
      aria-pressed={on}
      onClick={onClick}
      data-testid={testId}
    >
      {children}
    </button>
  );
}
