import { describe, expect, it } from 'vitest';
import { fillPlaceholders } from './placeholders';

describe('fillPlaceholders', () => {
  it('fills placeholders', () => {
    expect(fillPlaceholders('Renews on {date}', { date: 'Nov 22nd, 2026' })).toBe('Renews on Nov 22nd, 2026');
    expect(fillPlaceholders('Welcome back, {name}', { name: 'Ana' })).toBe('Welcome back, Ana');
  });

  it('keeps an optional part only when its placeholders have values', () => {
    expect(fillPlaceholders('Paused[ until {date}]', { date: 'Dec 1st, 2026' })).toBe('Paused until Dec 1st, 2026');
    expect(fillPlaceholders('Paused[ until {date}]', {})).toBe('Paused');
    expect(fillPlaceholders('Paused[ until {date}]', { date: '' })).toBe('Paused');
    expect(fillPlaceholders('Paused[ until {date}]')).toBe('Paused');
    expect(fillPlaceholders('متوقف مؤقتًا[ حتى {date}]', { date: 'x' })).toBe('متوقف مؤقتًا حتى x');
  });

  it('leaves unknown placeholders and plain brackets alone', () => {
    expect(fillPlaceholders('Hello {name}', {})).toBe('Hello {name}');
    expect(fillPlaceholders('[beta] Hello', {})).toBe('[beta] Hello');
    expect(fillPlaceholders('Plain text')).toBe('Plain text');
  });
});
