import { useId, useState } from 'react';
import { readAdsConsent, writeAdsConsent } from '@stream/core/platform';
import type { AdsConsent as Consent } from '@stream/core/domain';
import { useI18n, useServices } from '../app/context';

/**
 * The advertising consent choice on the preferences page (identity §7 "ads headers"; issue 18;
 * docs/api.md "Language and ads headers"): two radio buttons, agree or not. The choice is this
 * device's (`STORAGE_KEYS.adsConsent`, core's `writeAdsConsent`): agreeing keeps a random
 * advertising id on the device, which every platform call then carries in `x-ads-id`; not
 * agreeing removes it. Every call carries the choice in `x-ads-consent`. Saved at once, with a
 * status message.
 */
export function AdsConsent() {
  const { t } = useI18n();
  const { storage } = useServices();
  const id = useId();
  const [consent, setConsent] = useState<Consent>(() => readAdsConsent(storage));
  const [saved, setSaved] = useState(false);
  const choose = (choice: Exclude<Consent, 'unknown'>) => {
    writeAdsConsent(storage, choice);
    setConsent(choice);
    setSaved(true);
  };
  return (
    <section className="card preferences__form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('adsConsentTitle')}</h2>
      <fieldset className="preferences__switches" aria-describedby={`${id}-hint`}>
        <legend>{t('adsConsentLegend')}</legend>
        {(['granted', 'denied'] as const).map((choice) => (
          <div key={choice} className="preferences__switch">
            <input id={`${id}-${choice}`} type="radio" name={`${id}-ads`} checked={consent === choice} onChange={() => choose(choice)} />
            <label htmlFor={`${id}-${choice}`}>{t(choice === 'granted' ? 'adsConsentGranted' : 'adsConsentDenied')}</label>
          </div>
        ))}
      </fieldset>
      <p id={`${id}-hint`} className="field__hint">
        {t('adsConsentHint')}
      </p>
      <p className="preferences__status" role="status">
        {saved ? t('adsConsentSaved') : ''}
      </p>
    </section>
  );
}
