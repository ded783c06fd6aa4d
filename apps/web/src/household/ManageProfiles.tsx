import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import type { Profile } from '@stream/core/contracts';
import { CHILD_AGE_RATING_LIMITS, PROFILE_AVATARS } from '@stream/core/domain';
import { connectProfileEditor, profileEditorMachine } from '@stream/core/machines';
import { useFlow, useResource } from '@stream/react';
import { useI18n, useServices } from '../app/context';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { InlineError } from '../components/StatusScreen';
import { AVATAR_LABELS, ProfileAvatar } from './ProfileAvatar';
import { ProfilesSection } from './ProfilesSection';

/**
 * "Manage profiles" (issue 16): the account's profiles (`queries.profiles.list()`), each with
 * Edit, and "Add a profile" while fewer than the most an account may hold; Edit and Add open the
 * profile form (core's `profileEditor` machine). Done goes back to "who's watching". Offered only
 * to a session that may manage profiles (core's `sessionMay(user, 'manageProfiles')`).
 */
export function ManageProfiles({ onDone }: { onDone(): void }) {
  const { t } = useI18n();
  const { queries } = useServices();
  const list = useResource(queries.profiles.list());
  const [editing, setEditing] = useState<Profile | 'new' | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  // Focus on the heading when the list shows (opened from "who's watching", or back from the form).
  useEffect(() => {
    if (editing === null) heading.current?.focus();
  }, [editing]);

  if (editing !== null) {
    return <ProfileForm key={editing === 'new' ? 'new' : editing.id} profile={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />;
  }

  let body;
  if (list.status === 'failed' && !list.data) body = <InlineError message={t('anErrorOccured')} retryLabel={t('retry')} onRetry={list.reload} />;
  else if (!list.data) body = <ul className="profile-rows" aria-busy="true" aria-label={t('loading')} />;
  else {
    const { items, maxProfiles } = list.data;
    body = (
      <>
        <ul className="profile-rows">
          {items.map((profile) => (
            <li key={profile.id} className="profile-row">
              <ProfileAvatar avatar={profile.avatar} />
              <span className="profile-row__name">{profile.name}</span>
              <span className="profile-row__note">
                {profile.type === 'CHILD' ? t('profileChildLimit', { age: String(profile.ageRatingLimit ?? 0) }) : t('profileAdult')}
              </span>
              <button type="button" className="button button--secondary" onClick={() => setEditing(profile)} aria-label={t('profileEditNamed', { name: profile.name })}>
                {t('profileEdit')}
              </button>
            </li>
          ))}
        </ul>
        {items.length < maxProfiles ? (
          <p>
            <button type="button" className="button" onClick={() => setEditing('new')}>
              {t('profileAdd')}
            </button>
          </p>
        ) : (
          <p className="notice">{t('profileLimitReached')}</p>
        )}
      </>
    );
  }
  return (
    <ProfilesSection title={t('profilesManage')} headingRef={heading}>
      {body}
      <p className="profiles__actions">
        <button type="button" className="button button--secondary" onClick={onDone}>
          {t('profilesDone')}
        </button>
      </p>
    </ProfilesSection>
  );
}

/**
 * A profile's form (core's `profileEditor` machine): name, adult or child (a new profile only),
 * avatar (the 10 of `PROFILE_AVATARS`, as radio buttons named by their label), a child's age
 * limit (`CHILD_AGE_RATING_LIMITS`), Save, Cancel, and for an existing profile Delete with a
 * confirmation (`ConfirmDialog`). The name rule's and the platform's messages stay on the form.
 */
function ProfileForm({ profile, onDone }: { profile: Profile | undefined; onDone(): void }) {
  const { t } = useI18n();
  const { queries } = useServices();
  const input = useMemo(
    () => ({ profile, createProfile: queries.profiles.create, updateProfile: queries.profiles.update, removeProfile: queries.profiles.remove }),
    // The input is read once, when the machine starts (the form is keyed by the profile).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const [view] = useFlow(profileEditorMachine, { input, connect: connectProfileEditor });
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus();
  }, []);
  useEffect(() => {
    if (view.status === 'done') onDone();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view.status]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    view.save();
  };
  const { draft } = view;
  const failure = view.failure && view.status !== 'confirmingDelete' && view.status !== 'deleting' ? t(view.failure.key) : null;
  return (
    <ProfilesSection title={view.isNew ? t('profileAdd') : t('profileEditNamed', { name: profile?.name ?? '' })} headingRef={heading}>
      <form className="profile-form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-name`}>{t('profileName')}</label>
          <input
            id={`${id}-name`}
            type="text"
            value={draft.name}
            onChange={(event) => view.setName(event.target.value)}
            autoComplete="off"
            aria-invalid={view.nameProblem ? true : undefined}
            aria-describedby={view.nameProblem ? `${id}-name-error` : undefined}
            disabled={view.busy}
          />
          {view.nameProblem ? (
            <p id={`${id}-name-error`} className="field__error">
              {t(view.nameProblem)}
            </p>
          ) : null}
        </div>
        {view.isNew ? (
          <fieldset className="profile-form__choices">
            <legend>{t('profileType')}</legend>
            <label>
              <input type="radio" name={`${id}-type`} checked={draft.type === 'ADULT'} onChange={() => view.setType('ADULT')} disabled={view.busy} />
              {t('profileAdult')}
            </label>
            <label>
              <input type="radio" name={`${id}-type`} checked={draft.type === 'CHILD'} onChange={() => view.setType('CHILD')} disabled={view.busy} />
              {t('profileChild')}
            </label>
          </fieldset>
        ) : null}
        {draft.type === 'CHILD' ? (
          <fieldset className="profile-form__choices">
            <legend>{t('profileAgeLimit')}</legend>
            {CHILD_AGE_RATING_LIMITS.map((limit) => (
              <label key={limit}>
                <input type="radio" name={`${id}-limit`} checked={draft.ageRatingLimit === limit} onChange={() => view.setLimit(limit)} disabled={view.busy} />
                {t('profileAgeLimitOption', { age: String(limit) })}
              </label>
            ))}
          </fieldset>
        ) : null}
        <fieldset className="profile-form__avatars">
          <legend>{t('profileAvatar')}</legend>
          {PROFILE_AVATARS.map((avatar) => (
            <label key={avatar} className="avatar-choice">
              <input type="radio" name={`${id}-avatar`} checked={draft.avatar === avatar} onChange={() => view.setAvatar(avatar)} disabled={view.busy} />
              <ProfileAvatar avatar={avatar} size={44} />
              <span className="visually-hidden">{t(AVATAR_LABELS[avatar])}</span>
            </label>
          ))}
        </fieldset>
        <div role="alert">{failure ? <p className="alert">{failure}</p> : null}</div>
        <div className="actions">
          <button type="submit" className="button" disabled={view.busy}>
            {view.status === 'saving' ? t('profileSaving') : t('profileSave')}
          </button>
          <button type="button" className="button button--secondary" onClick={onDone} disabled={view.busy}>
            {t('cancel')}
          </button>
          {!view.isNew ? (
            <button type="button" className="button button--danger" onClick={view.askDelete} disabled={view.busy}>
              {t('profileDelete')}
            </button>
          ) : null}
        </div>
      </form>
      <ConfirmDialog
        open={view.status === 'confirmingDelete' || view.status === 'deleting'}
        title={t('profileDeleteTitle', { name: profile?.name ?? '' })}
        text={t('profileDeleteText')}
        confirmLabel={t('profileDelete')}
        busyLabel={t('profileDeleting')}
        cancelLabel={t('cancel')}
        busy={view.status === 'deleting'}
        error={null}
        onConfirm={view.confirm}
        onCancel={view.cancel}
      />
    </ProfilesSection>
  );
}
