import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { UserConfig } from 'vite';

/**
 * hls.js compiled from its own TypeScript sources (which its npm package ships) with only the
 * features the player uses, as hls.js's own build does for its "light" variant: the watch
 * route's budget (issue 14: 250 KB gzipped with hls.js) leaves no room for the full build
 * (about 178 KB gzipped), and the light build (about 114 KB) has no audio or subtitle tracks.
 *
 * Kept: alternative audio renditions, subtitles (WebVTT, IMSC1, CEA-608/708 captions), adaptive
 * bitrate with the browser's media capabilities. Left out: DRM (EME), CMCD, content steering,
 * variable substitution, interstitials, I-frame playlists and the advanced MPEG-TS codecs (AC-3,
 * E-AC-3): nothing the platform's streams use. A stream that needs one of these fails the way an
 * unsupported stream does (the player shows its error).
 *
 * The flags are the ones hls.js's `build-config.js` defines; the version is its package's.
 */
const require = createRequire(import.meta.url);
const packageJson = require.resolve('hls.js/package.json');
const { version } = require(packageJson) as { version: string };

export const HLS_FEATURES = {
  __USE_ALT_AUDIO__: true,
  __USE_SUBTITLES__: true,
  __USE_MEDIA_CAPABILITIES__: true,
  __USE_EME_DRM__: false,
  __USE_CMCD__: false,
  __USE_CONTENT_STEERING__: false,
  __USE_VARIABLE_SUBSTITUTION__: false,
  __USE_INTERSTITIALS__: false,
  __USE_IFRAMES__: false,
  __USE_M2TS_ADVANCED_CODECS__: false,
} as const;

/** The `resolve.alias` entry and the `define`s that build hls.js from source with {@link HLS_FEATURES}. */
export const hlsFromSource = {
  alias: { find: /^hls\.js$/, replacement: join(dirname(packageJson), 'src/hls.ts') },
  define: {
    __VERSION__: JSON.stringify(version),
    ...Object.fromEntries(Object.entries(HLS_FEATURES).map(([name, on]) => [name, JSON.stringify(on)])),
  },
} satisfies { alias: unknown; define: UserConfig['define'] };
