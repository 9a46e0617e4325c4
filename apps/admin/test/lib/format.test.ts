import { describe, expect, it } from 'vitest';
import { codeText, formatTime, timeTitle } from '../../src/lib/format.ts';

describe('format', () => {
  it('writes a time as local date and time to the second', () => {
    const at = new Date(2025, 0, 2, 3, 4, 5).getTime();
    expect(formatTime(at)).toBe('2025-01-02 03:04:05');
  });

  it('writes a dash for no time', () => {
    expect(formatTime(null)).toBe('—');
  });

  it('names the local zone in a column title', () => {
    expect(timeTitle('Time')).toMatch(/^Time \(UTC[+-]\d{2}:\d{2}\)$/);
  });

  it('turns a server code into words', () => {
    expect(codeText('USERNAME_INVITE')).toBe('username invite');
  });
});
