import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CopyableText } from '../../src/components/copy-button.tsx';
import { setupWebTests } from '../setup.tsx';

setupWebTests();

const HASH = '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060';

describe('copyable text', () => {
  it('shows a transaction hash whole and copies it with one tap', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<CopyableText text={HASH} testId="payout-reference" />);
    expect(screen.getByTestId('payout-reference').textContent).toBe(HASH);
    fireEvent.click(screen.getByTestId('copy-payout-reference'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(HASH));
    expect(await screen.findByText('Copied')).toBeTruthy();
  });

  it('says so when the clipboard is not available', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    render(<CopyableText text={HASH} testId="payout-reference" />);
    fireEvent.click(screen.getByTestId('copy-payout-reference'));
    expect(await screen.findByText('Copy failed')).toBeTruthy();
  });
});
