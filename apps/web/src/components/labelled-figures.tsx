import type { ReactNode } from 'react';
import './labelled-figures.css';

/**
 * Labelled values as the cards and sheets of every feature show them: a figure (its label above
 * its value) in a card's grid, and a sheet's list of labelled rows.
 */

/** An amount with its currency, kept in one direction in right-to-left text. */
export function Money({ amount, currency, testId }: { amount: string; currency: string; testId?: string }) {
  return (
    <bdi className="num" data-testid={testId}>
      {amount} {currency}
    </bdi>
  );
}

/** A figure: its label above, its value below. */
export function Figure({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <span className="figure">
      <span className="figure__label">{label}</span>
      <span className="figure__value" data-testid={testId}>
        {children}
      </span>
    </span>
  );
}

export interface Row {
  label: string;
  value: ReactNode;
  testId: string;
}

/** A sheet's list of labelled values. */
export function Rows({ rows }: { rows: readonly Row[] }) {
  return (
    <dl className="labelled-rows">
      {rows.map((row) => (
        <div key={row.testId} className="labelled-rows__row">
          <dt>{row.label}</dt>
          <dd data-testid={row.testId}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
