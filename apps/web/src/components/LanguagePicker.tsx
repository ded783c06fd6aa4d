import { changeLanguage } from '@stream/core/machines';
import { useI18n, useServices } from '../app/context';

/** A labelled select of the realm's locales; choosing one stores it and reloads (§4). */
export function LanguagePicker() {
  const { storage, navigation } = useServices();
  const { t, language, locales } = useI18n();
  const options = locales.includes(language) ? locales : [language, ...locales];
  return (
    <div className="language-picker">
      <label htmlFor="language-select">{t('language')}</label>
      <select
        id="language-select"
        value={language}
        onChange={(event) => changeLanguage(event.target.value, { storage, navigation })}
      >
        {options.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {t(`language_${locale}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
