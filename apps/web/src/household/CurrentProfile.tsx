import { Link } from 'wouter';
import { useResource } from '@stream/react';
import { useI18n, useServices } from '../app/context';
import { ProfileAvatar } from './ProfileAvatar';

/**
 * The header's profile items (issue 16): the session's profile (avatar and name, from
 * `queries.profiles.list()`; nothing while it loads or when it cannot be read) and "Switch
 * profile", a link to PROFILES. `current` marks the link when PROFILES is the page shown.
 */
export function CurrentProfile({ current }: { current: 'page' | undefined }) {
  const { t, path } = useI18n();
  const { queries } = useServices();
  const list = useResource(queries.profiles.list());
  const profile = list.data?.items.find((p) => p.id === list.data?.currentProfileId);
  return (
    <>
      {profile ? (
        <li className="site-nav__profile">
          <ProfileAvatar avatar={profile.avatar} size={28} />
          <span className="site-nav__profile-name">{profile.name}</span>
        </li>
      ) : null}
      <li>
        <Link href={path('PROFILES')} aria-current={current}>
          {t('switchProfile')}
        </Link>
      </li>
    </>
  );
}
