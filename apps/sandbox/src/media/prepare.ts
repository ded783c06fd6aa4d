/**
 * `tsx src/media/prepare.ts` (run by `npm start` and `npm test` before the sandbox starts,
 * scripts/lib.mjs `prepareMedia`): generates every HLS asset (media/hls.ts) into the media cache
 * of `SANDBOX_DATA_DIR` (`<dataDir>/media-cache`, or `apps/sandbox/.media-cache/` for `:memory:`)
 * unless it is there already, so that the first playback does not wait for ffmpeg. Prints one
 * line per asset with the time it took.
 */
import { resolveOptions } from '../config.js';
import { mediaCacheDir } from './cache.js';
import { ensureHlsAsset, HLS_ASSET_IDS } from './hls.js';

const cacheDir = mediaCacheDir(resolveOptions().dataDir);
for (const id of HLS_ASSET_IDS) {
  const asset = await ensureHlsAsset(cacheDir, id);
  console.log(
    asset.generatedInMs === undefined
      ? `  HLS asset ${id}: cached (${asset.dir})`
      : `  HLS asset ${id}: generated in ${(asset.generatedInMs / 1000).toFixed(1)} s (${asset.dir})`,
  );
}
