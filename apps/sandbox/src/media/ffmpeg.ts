/**
 * Running Debian's ffmpeg and ffprobe (installed by `npm start` and `npm test` when missing:
 * scripts/lib.mjs `ensureFfmpeg`), the font its drawtext filter writes with, and a limit on how
 * many ffmpeg processes run at once (the machine may have two cores).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { ApiHttpError } from '../errors.js';

const run = promisify(execFile);

/** The longest an ffmpeg run may take before it is killed (a 60-second HLS asset takes 10–30 s). */
const FFMPEG_TIMEOUT_MS = 10 * 60_000;

/** ffmpeg (or ffprobe) is not on the PATH: the sandbox answers 503 `SERVICE_UNAVAILABLE` with it. */
export class FfmpegMissingError extends ApiHttpError {
  constructor(command: string) {
    super(503, 'SERVICE_UNAVAILABLE', [`${command} is not installed: run npm start or npm test (they install Debian's ffmpeg), or apt-get install ffmpeg`]);
    this.name = 'FfmpegMissingError';
  }
}

async function exec(command: 'ffmpeg' | 'ffprobe', args: readonly string[], cwd?: string): Promise<string> {
  try {
    const { stdout } = await run(command, [...args], { cwd, maxBuffer: 16 * 1024 * 1024, timeout: FFMPEG_TIMEOUT_MS, encoding: 'utf8' });
    return stdout;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new FfmpegMissingError(command);
    const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim().split('\n').slice(-8).join('\n');
    throw new Error(`${command} failed: ${stderr || (error as Error).message}`);
  }
}

/** Runs ffmpeg with `args` (quiet, never reading stdin) in `cwd`; rejects with the end of its error output. */
export async function ffmpeg(args: readonly string[], cwd?: string): Promise<void> {
  await exec('ffmpeg', ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args], cwd);
}

/** The first stream's start time in seconds of a media `file`, read with ffprobe. */
export async function probeStartTime(file: string): Promise<number> {
  const out = await exec('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=start_time', '-of', 'csv=p=0', file]);
  // One line per program and per stream: the first number.
  const value = Number(out.split('\n').find((line) => line.trim() !== '') ?? Number.NaN);
  if (!Number.isFinite(value)) throw new Error(`ffprobe found no start time in ${file}`);
  return value;
}

/** Bold sans-serif fonts the artwork and the video's text are written with, the first present wins. */
const FONT_CANDIDATES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  '/usr/share/fonts/truetype/freefont/FreeSansBold.ttf',
];

let font: string | null | undefined;

/**
 * The font file drawtext uses: Debian's DejaVu Sans Bold (`fonts-dejavu-core`, installed with
 * ffmpeg) or another bold sans-serif; null when none is installed, and then the pictures carry
 * no text. Only plain paths (no characters the filter syntax would need escaped).
 */
export function drawtextFont(): string | null {
  font ??= FONT_CANDIDATES.find((file) => /^[\w/.-]+$/.test(file) && existsSync(file)) ?? null;
  return font;
}

/**
 * A limit of `max` tasks at once: `limit(task)` runs `task` when fewer than `max` run, else when
 * one ends; it answers the task's result.
 */
export function concurrencyLimit(max: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}
