import { describe, expect, it } from 'vitest';
import { deviceNameFromUserAgent, deviceNameOf, UNKNOWN_DEVICE } from '../src/streams/deviceName.js';

describe('a stream device name (docs/api.md "Concurrent streams")', () => {
  it('reads "<browser> on <OS>" from a User-Agent', () => {
    expect(deviceNameFromUserAgent('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36')).toBe('Chrome on Linux');
    expect(deviceNameFromUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1')).toBe('Safari on iOS');
    expect(deviceNameFromUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe('Firefox on Windows');
    expect(deviceNameFromUserAgent(undefined)).toBeUndefined();
    expect(deviceNameFromUserAgent('   ')).toBeUndefined();
  });

  it('prefers the name sent, trimmed; falls back to the User-Agent, then to "Unknown device"; at most 60 characters', () => {
    expect(deviceNameOf('  Living-room TV ', 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0.0.0 Safari/537.36')).toBe('Living-room TV');
    expect(deviceNameOf(undefined, undefined)).toBe(UNKNOWN_DEVICE);
    expect(deviceNameOf('', 'curl/8.0')).not.toBe('');
    expect(deviceNameOf('x'.repeat(80), undefined)).toHaveLength(60);
  });
});
