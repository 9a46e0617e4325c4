import { describe, expect, it } from 'vitest';
import { customerServiceAddress } from '../../../src/components/global/customer-service-logic.ts';

describe('customer-service address', () => {
  it('tells the page the theme, keeping the configured query and fragment', () => {
    expect(customerServiceAddress('/customer-service.html', 'dark')).toBe(
      '/customer-service.html?theme=dark',
    );
    expect(customerServiceAddress('https://chat.example/room?id=7', 'light')).toBe(
      'https://chat.example/room?id=7&theme=light',
    );
    expect(customerServiceAddress('https://chat.example/?', 'dark')).toBe('https://chat.example/?theme=dark');
    expect(customerServiceAddress('https://chat.example/#start', 'light')).toBe(
      'https://chat.example/?theme=light#start',
    );
  });
});
