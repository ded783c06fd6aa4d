import { useEffect, useMemo, useRef } from 'react';
import type { ProfileListItem } from '@stream/core/contracts';
import { connectProfilePicker, profilePickerCalls, profilePickerMachine, type ProfilePickerOutput } from '@stream/core/machines';
import { useFlow } from '@stream/react';
import { useI18n, useServices } from '../app/context';
import { InlineError, InlineStatus } from '../components/StatusScreen';
import { PinPad } from './PinPad';
import { ProfileAvatar } from './ProfileAvatar';
import { ProfilesSection } from './ProfilesSection';

/** Props of {@link WhoIsWatching}. */
export interface WhoIsWatchingProps {
  /** After a sign-in: an account of one profile selects nothing and ends at once (`skipped`). */
  skipWhenAlone: boolean;
  /** The picker ended: a profile's tokens, or nothing to choose. Called once. */
  onFinished(output: ProfilePickerOutput): void;
  /** "Manage profiles", when the session may manage them (core's `sessionMay`); absent: not offered. */
  onManage?: (() => void) | undefined;
  /** Focus on the heading once the list shows (back from managing profiles). */
  focusHeading?: boolean | undefined;
}

/**
 * "Who's watching" (issue 16): core's `profilePicker` machine over `profiles.list` and
 * `profiles.select`. The profiles as buttons (avatar, name, a child's limit, whether the PIN is
 * needed; the session's own marked current); a profile that needs the parental PIN shows the
 * shared PIN pad, driven a digit at a time by the machine (`wrongPin`; `tooManyAttempts` with the
 * seconds left, counting down). Skeletons while the list loads, an error with Retry.
 */
export function WhoIsWatching({ skipWhenAlone, onFinished, onManage, focusHeading = false }: WhoIsWatchingProps) {
  const { t } = useI18n();
  const { api } = useServices();
  const input = useMemo(
    () => ({ skipWhenAlone, ...profilePickerCalls(api) }),
    // The input is read once, when the machine starts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const [view, actor] = useFlow(profilePickerMachine, { input, connect: connectProfilePicker });
  const finished = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef<string>(focusHeading ? 'away' : 'start');
  // Focus on the heading when the list comes back (the PIN pad cancelled, a failed selection, back from managing).
  useEffect(() => {
    if (view.status === 'choosing' && shown.current !== 'start' && shown.current !== 'choosing') heading.current?.focus();
    if (view.status !== 'loading') shown.current = view.status;
  }, [view.status]);
  useEffect(() => {
    const snapshot = actor.getSnapshot();
    if (snapshot.status !== 'done' || finished.current) return;
    finished.current = true;
    onFinished(snapshot.output);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view.status]);

  const chosen = view.chosen;
  const asksPin = chosen !== null && (view.status === 'pin' || view.status === 'throttled' || (view.status === 'selecting' && chosen.pinRequired));

  let body;
  if (view.status === 'loading') body = <ProfileSkeletons />;
  else if (view.status === 'failed') body = <InlineError message={t(view.failure?.key ?? 'anErrorOccured')} retryLabel={t('retry')} onRetry={view.reload} />;
  else if (view.status === 'selected' || view.status === 'skipped') body = <InlineStatus label={t('loading')} />;
  else if (asksPin) {
    const failure = view.failure;
    body = (
      <PinPad
        label={t('profilePinFor', { name: chosen.name })}
        length={view.pinLength}
        error={failure?.key ?? (view.resetFailed ? 'anErrorOccured' : null)}
        errorVars={{ seconds: String(view.secondsLeft) }}
        canType={view.canType}
        busy={view.status === 'selecting'}
        onDigit={view.digit}
        onDelete={view.deleteDigit}
        onForgot={view.forgot}
        resetSent={view.resetSent}
        onCancel={view.cancel}
      />
    );
  } else {
    body = (
      <>
        <div role="alert" className="profiles__message">
          {view.failure ? <p className="alert">{t(view.failure.key)}</p> : null}
        </div>
        <ul className="profile-choices" aria-busy={view.status === 'selecting' || undefined}>
          {view.profiles.map((profile) => (
            <li key={profile.id}>
              <ProfileChoice
                profile={profile}
                current={profile.id === view.currentProfileId}
                disabled={view.status === 'selecting'}
                onChoose={() => view.choose(profile.id)}
              />
            </li>
          ))}
        </ul>
        {onManage ? (
          <p className="profiles__actions">
            <button type="button" className="button button--secondary" onClick={onManage}>
              {t('profilesManage')}
            </button>
          </p>
        ) : null}
      </>
    );
  }
  return (
    <ProfilesSection title={t('whoIsWatching')} headingRef={heading}>
      {body}
    </ProfilesSection>
  );
}

/** One profile to choose: a button named by the profile's name, what kind it is and whether it needs the PIN. */
function ProfileChoice({ profile, current, disabled, onChoose }: { profile: ProfileListItem; current: boolean; disabled: boolean; onChoose(): void }) {
  const { t } = useI18n();
  return (
    <button type="button" className="profile-choice" onClick={onChoose} disabled={disabled} aria-current={current || undefined}>
      <ProfileAvatar avatar={profile.avatar} size={96} />
      <span className="profile-choice__name">{profile.name}</span>
      {profile.type === 'CHILD' ? (
        <span className="profile-choice__note">{t('profileChildLimit', { age: String(profile.ageRatingLimit ?? 0) })}</span>
      ) : null}
      {profile.pinRequired ? <span className="profile-choice__note">{t('profilePinNeeded')}</span> : null}
      {current ? <span className="profile-choice__note">{t('profileCurrent')}</span> : null}
    </button>
  );
}

/** Placeholders of the profile list while it loads. */
function ProfileSkeletons() {
  const { t } = useI18n();
  return (
    <ul className="profile-choices" aria-busy="true" aria-label={t('loading')}>
      {[0, 1, 2].map((i) => (
        <li key={i}>
          <span className="profile-choice profile-choice--skeleton" />
        </li>
      ))}
    </ul>
  );
}
