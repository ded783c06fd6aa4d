/**
 * The name a stream's device shows to the account's other devices (docs/api.md "Concurrent
 * streams"): the `deviceName` the client sent, else one read from its `User-Agent` with bowser
 * ("Chrome on Linux", "Safari on iOS"), else {@link UNKNOWN_DEVICE}.
 */
import Bowser from 'bowser';

/** The name of a device that sent neither a name nor a readable `User-Agent`. */
export const UNKNOWN_DEVICE = 'Unknown device';

/** "<browser> on <OS>" from a `User-Agent` (either part alone when the other is unknown); undefined when neither is known. */
export function deviceNameFromUserAgent(userAgent: string | undefined): string | undefined {
  if (!userAgent?.trim()) return undefined;
  let browser = '';
  let os = '';
  try {
    const parser = Bowser.getParser(userAgent);
    browser = parser.getBrowserName() ?? '';
    os = parser.getOSName() ?? '';
  } catch {
    return undefined;
  }
  if (browser && os) return `${browser} on ${os}`;
  return browser || os || undefined;
}

/** The lease's device name: `sent` (trimmed, non-empty) first, then the `User-Agent`'s, then {@link UNKNOWN_DEVICE}; at most 60 characters. */
export function deviceNameOf(sent: string | undefined, userAgent: string | undefined): string {
  const name = sent?.trim() || deviceNameFromUserAgent(userAgent) || UNKNOWN_DEVICE;
  return name.slice(0, 60);
}
