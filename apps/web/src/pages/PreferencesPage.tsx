import { useId, useMemo, useState } from 'react';
import { SUBTITLES_OFF, type Preferences, type PreferencesPatch } from '@stream/core/domain';
import { changeLanguage, connectPreferences, preferencesMachine } from '@stream/core/machines';
import { useFlow } from '@stream/react';
import { AdsConsent } from '../preferences/AdsConsent';
import { useI18n, useServices } from '../app/context';
import { useDocumentTitle } from '../app/hooks';
import { SignedInOnly } from '../app/SignedInOnly';
import { InlineError } from '../components/StatusScreen';
import '../styles/catalogue.css';
import '../styles/preferences.css';

/** The value of the audio select for "no language chosen" (`audioLanguage` null). */
const AUDIO_DEFAULT = '';

/** The switches of the page: the preference each sets and its label. */
const SWITCHES = [
  ['autoAdvance', 'preferencesAutoAdvance'],
  ['muted', 'preferencesMuted'],
  ['videoBackgroundAutoPlay', 'preferencesBackgroundAutoPlay'],
  ['videoBackgroundAutoPlayAudio', 'preferencesBackgroundAutoPlayAudio'],
] as const satisfies readonly (readonly [keyof Preferences, string])[];

/**
 * PREFERENCES (`/preferences`; commerce-and-account-data.md §3 "Preferences", §4 "change updates
 * locally first, then the server; a language change stores the locale and reloads the page"):
 * the session profile's interface language, subtitles (off or a language), audio language, auto-
 * advance, muted start, and background video autoplay (with or without sound), on core's
 * `preferences` machine. A change shows at once and is saved after (`queries.preferences.update`,
 * which refreshes the read the player applies); a refused save rolls back visibly
 * (`preferencesSaveFailed`) with focus left on the control. A saved new language stores the
 * locale and reloads this page in it (`changeLanguage`). A guest is sent to sign in and comes back.
 */
export default function PreferencesPage() {
  const { t } = useI18n();
  useDocumentTitle(t('preferencesTitle'), t('appName'));
  return (
    <SignedInOnly loadingLabel={t('preferencesLoading')}>
      <PreferencesForm />
    </SignedInOnly>
  );
}

function PreferencesForm() {
  const { t, language, locales } = useI18n();
  const { queries, storage, navigation } = useServices();
  const input = useMemo(
    () => ({
      readPreferences: queries.preferences.read,
      savePreferences: queries.preferences.update,
      currentLocale: language,
      applyLanguage: (locale: string) => changeLanguage(locale, { storage, navigation }),
    }),
    // The input is read once, when the machine starts (a new language reloads the page).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const [view] = useFlow(preferencesMachine, { input, connect: connectPreferences });
  const [changed, setChanged] = useState(false);
  const id = useId();
  const change = (patch: PreferencesPatch) => {
    setChanged(true);
    view.change(patch);
  };

  const languages = locales.includes(language) ? locales : [language, ...locales];
  const prefs = view.preferences;

  return (
    <div className="page preferences">
      <h1>{t('preferencesTitle')}</h1>
      {view.status === 'failed' ? (
        <InlineError message={t(view.failure ?? 'anErrorOccured')} retryLabel={t('retry')} onRetry={view.retry} />
      ) : !prefs ? (
        <PreferencesSkeleton label={t('preferencesLoading')} />
      ) : (
        <form className="card preferences__form" aria-labelledby={`${id}-title`} onSubmit={(event) => event.preventDefault()}>
          <h2 id={`${id}-title`} className="visually-hidden">
            {t('preferencesTitle')}
          </h2>
          <div className="field">
            <label htmlFor={`${id}-language`}>{t('preferencesLanguage')}</label>
            <select id={`${id}-language`} value={prefs.language ?? language} onChange={(event) => change({ language: event.target.value })}>
              <LanguageOptions locales={withCurrent(languages, prefs.language)} />
            </select>
            <p className="field__hint">{t('preferencesLanguageHint')}</p>
          </div>
          <div className="field">
            <label htmlFor={`${id}-subtitles`}>{t('preferencesSubtitles')}</label>
            <select id={`${id}-subtitles`} value={prefs.subTitleLanguage} onChange={(event) => change({ subTitleLanguage: event.target.value })}>
              <option value={SUBTITLES_OFF}>{t('playerSubtitlesOff')}</option>
              <LanguageOptions locales={withCurrent(locales, prefs.subTitleLanguage === SUBTITLES_OFF ? null : prefs.subTitleLanguage)} />
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-audio`}>{t('preferencesAudioLanguage')}</label>
            <select
              id={`${id}-audio`}
              value={prefs.audioLanguage ?? AUDIO_DEFAULT}
              onChange={(event) => change({ audioLanguage: event.target.value === AUDIO_DEFAULT ? null : event.target.value })}
            >
              <option value={AUDIO_DEFAULT}>{t('preferencesAudioDefault')}</option>
              <LanguageOptions locales={withCurrent(locales, prefs.audioLanguage)} />
            </select>
          </div>
          <fieldset className="preferences__switches">
            <legend>{t('preferencesPlayback')}</legend>
            {SWITCHES.map(([key, label]) => (
              <div key={key} className="preferences__switch">
                <input id={`${id}-${key}`} type="checkbox" checked={prefs[key]} onChange={(event) => change({ [key]: event.target.checked })} />
                <label htmlFor={`${id}-${key}`}>{t(label)}</label>
              </div>
            ))}
          </fieldset>
          <p className="preferences__status" role="status">
            {view.failure ? null : view.saving ? t('preferencesSaving') : changed ? t('preferencesSaved') : ''}
          </p>
          {view.failure ? <InlineError message={t(view.failure)} retryLabel={t('dismiss')} onRetry={view.dismiss} /> : null}
        </form>
      )}
      <AdsConsent />
    </div>
  );
}

/** The options of a language select: each locale named in its own language. */
function LanguageOptions({ locales }: { locales: readonly string[] }) {
  const { t } = useI18n();
  return (
    <>
      {locales.map((locale) => (
        <option key={locale} value={locale} lang={locale}>
          {t(`language_${locale}`)}
        </option>
      ))}
    </>
  );
}

/** `options` with `current` first when it is a language they do not list (a value saved elsewhere stays choosable). */
function withCurrent(options: readonly string[], current: string | null): readonly string[] {
  return current && !options.includes(current) ? [current, ...options] : options;
}

/** The form's placeholders while the preferences are read. */
function PreferencesSkeleton({ label }: { label: string }) {
  return (
    <div className="card preferences__form" aria-busy="true">
      <span className="visually-hidden" role="status">
        {label}
      </span>
      {Array.from({ length: 3 }, (_, i) => (
        <div key={i} className="preferences__skeleton-field" aria-hidden="true">
          <div className="skeleton skeleton--text skeleton--short" />
          <div className="skeleton preferences__skeleton-control" />
        </div>
      ))}
    </div>
  );
}
