/**
 * The attributes every full player's `<video>` shares (the title's player, `VideoPlayer`, and the
 * watch-together room's, `RoomPlayer`): the `player__video` style, the browser's own controls,
 * inline playback on phones and autoplay (allowed because both start muted). A multi-view tile
 * is not a full player: no controls, its own style.
 */
export const PLAYER_VIDEO_PROPS = {
  className: 'player__video',
  controls: true,
  playsInline: true,
  autoPlay: true,
} as const;
