/**
 * Watch together (issue 17 "Watch together"; docs/api.md "Watch together"; identity-and-routes.md
 * §2 WATCH_TOGETHER `/live/:eventId/watch-together`): a host's room for a live event, whose
 * members' players follow the host's playback within 2 seconds.
 *
 * The room keeps the host's last playback update: `PLAYING` or `PAUSED`, the position then
 * (`positionMs`) and when it was made on the platform's clock (`updatedAtMs`, epoch ms). A
 * member's player is where the host is now: the position of the update, plus the time since it
 * when the host plays ({@link expectedPositionMs}); a member more than {@link FOLLOW_TOLERANCE_MS}
 * away seeks there, one within it is left alone (a player that seeks on every small drift
 * stutters) ({@link followHost}).
 *
 * Positions are milliseconds on the stream's own timeline, the same for every player of it: for a
 * live stream, its program date-time (`EXT-X-PROGRAM-DATE-TIME`, epoch ms), which two players of
 * the stream agree on whenever they started it. Pure and total: the clock is a parameter, and
 * numbers that are not finite give a defined answer, never a throw.
 */

/** Whether the host plays or is paused. */
export const ROOM_PLAYBACK_STATES = ['PLAYING', 'PAUSED'] as const;
export type RoomPlaybackState = (typeof ROOM_PLAYBACK_STATES)[number];

/**
 * How far (ms, either way) a member's position may be from the host's before the member seeks:
 * 1 s, half the 2 s bound, so that a member that has drifted seeks back well before it is
 * 2 s away, and the ordinary jitter of two players (a few hundred ms) causes no seek.
 */
export const FOLLOW_TOLERANCE_MS = 1_000;

/** The most members a room holds, the host included. */
export const ROOM_MAX_MEMBERS = 20;

/** The host's last playback update: state, position (ms on the stream's timeline) and when it was made (epoch ms, platform clock). */
export interface HostPlayback {
  state: RoomPlaybackState;
  positionMs: number;
  updatedAtMs: number;
}

/** A finite number, or `fallback`. */
const finite = (value: number, fallback = 0): number => (Number.isFinite(value) ? value : fallback);

/**
 * Where the host is at `nowMs` (epoch ms, the platform's clock): the update's position, plus the
 * time since the update while the host plays (never less than the position: a clock before the
 * update counts as no time at all). Non-finite input counts as 0.
 */
export function expectedPositionMs(host: HostPlayback, nowMs: number): number {
  const position = finite(host.positionMs);
  if (host.state !== 'PLAYING') return position;
  return position + Math.max(0, finite(nowMs) - finite(host.updatedAtMs, finite(nowMs)));
}

/** What a member's player does to follow the host: play or pause, and the position to seek to (`seekToMs`, null: stay). */
export interface FollowAction {
  play: boolean;
  seekToMs: number | null;
  /** The member's distance from the host, ms (positive: ahead). */
  driftMs: number;
}

/**
 * What a member at `memberPositionMs` does at `nowMs` to follow `host`: play when the host plays,
 * pause when it is paused, and seek to the host's position when more than `toleranceMs` (default
 * {@link FOLLOW_TOLERANCE_MS}; negative or not finite counts as 0) away from it. A member position
 * that is not finite always seeks.
 */
export function followHost(host: HostPlayback, memberPositionMs: number, nowMs: number, toleranceMs: number = FOLLOW_TOLERANCE_MS): FollowAction {
  const target = expectedPositionMs(host, nowMs);
  const tolerance = Math.max(0, finite(toleranceMs));
  const play = host.state === 'PLAYING';
  if (!Number.isFinite(memberPositionMs)) return { play, seekToMs: target, driftMs: Number.POSITIVE_INFINITY };
  const driftMs = memberPositionMs - target;
  return { play, seekToMs: Math.abs(driftMs) > tolerance ? target : null, driftMs };
}

/**
 * The reconnection delay of a room's event stream after `attempt` failures in a row (1 for the
 * first), ms: 500 ms doubled per attempt up to 15 s, so a sandbox restart is caught within
 * seconds and a long outage is not hammered. Non-finite or below 1 counts as 1.
 */
export function reconnectDelayMs(attempt: number): number {
  const n = Number.isFinite(attempt) ? Math.max(1, Math.floor(attempt)) : 1;
  return Math.min(15_000, 500 * 2 ** Math.min(n - 1, 10));
}
