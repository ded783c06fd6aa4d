import { isProfileAvatar, type ProfileAvatar as AvatarKey } from '@stream/core/domain';
import '../styles/profiles.css';

/** The picture of each avatar key of core's `PROFILE_AVATARS` (an emoji on a coloured disc). */
const AVATAR_PICTURES: Record<AvatarKey, { symbol: string; hue: number }> = {
  fox: { symbol: '🦊', hue: 24 },
  owl: { symbol: '🦉', hue: 280 },
  bear: { symbol: '🐻', hue: 30 },
  cat: { symbol: '🐱', hue: 50 },
  panda: { symbol: '🐼', hue: 150 },
  robot: { symbol: '🤖', hue: 200 },
  rocket: { symbol: '🚀', hue: 230 },
  star: { symbol: '⭐', hue: 330 },
  wave: { symbol: '🌊', hue: 190 },
  leaf: { symbol: '🍃', hue: 110 },
};

/** The label key naming avatar `key` ("Fox"…), written out so that the label check sees each. */
export const AVATAR_LABELS: Record<AvatarKey, string> = {
  fox: 'avatarFox',
  owl: 'avatarOwl',
  bear: 'avatarBear',
  cat: 'avatarCat',
  panda: 'avatarPanda',
  robot: 'avatarRobot',
  rocket: 'avatarRocket',
  star: 'avatarStar',
  wave: 'avatarWave',
  leaf: 'avatarLeaf',
};

/**
 * A profile's avatar, decorative (`aria-hidden`: the profile's name says who it is). An unknown
 * key shows the first avatar's picture. `size` in CSS pixels.
 */
export function ProfileAvatar({ avatar, size = 48 }: { avatar: string; size?: number }) {
  const picture = AVATAR_PICTURES[isProfileAvatar(avatar) ? avatar : 'fox'];
  return (
    <span
      className="profile-avatar"
      aria-hidden="true"
      style={{ width: size, height: size, fontSize: size * 0.55, background: `hsl(${picture.hue} 45% 30%)` }}
    >
      {picture.symbol}
    </span>
  );
}
