import { useSelector } from '@xstate/react';
import { connectPinPad, type ParentalSettingsApi, type ParentalSettingsPadRef } from '@stream/core/machines';
import { useI18n } from '../app/context';
import { PinPad, pinPadViewProps } from './PinPad';

/** The label key of the current-PIN pad for each action of the parental settings. */
const CURRENT_PIN_LABELS = {
  set: 'parentalEnterCurrentPin',
  change: 'parentalEnterCurrentPin',
  remove: 'parentalEnterPinToRemove',
  status: 'parentalEnterPinToChangeRestriction',
} as const;

/**
 * The step of core's `parentalSettings` machine that asks for a PIN, on the shared {@link PinPad}:
 * - `currentPin`: the pad core's settings invoke (`view.pad`, core's `pinPad`: it checks the PIN,
 *   shows `wrongPin`, counts a throttled profile's wait down, and its "Forgotten PIN?" sends the
 *   reset email); a failure of the settings' own call (a wrong current PIN when saving) shows until
 *   a digit is typed;
 * - `newPin`: the new PIN typed twice, digit by digit, into the settings machine (`pressDigit`):
 *   "Enter a new PIN", then "Enter the new PIN again"; a second entry that differs shows
 *   `pinMismatch` and starts over.
 * The digits stay in the machines; the pad shows dots. Renders nothing in other steps.
 */
export function ParentalPinStep({ view, onCancel }: { view: ParentalSettingsApi; onCancel?: (() => void) | undefined }) {
  const { t } = useI18n();
  if (view.step === 'currentPin' && view.pad) {
    return (
      <CurrentPinPad
        pad={view.pad}
        label={t(CURRENT_PIN_LABELS[view.action ?? 'change'])}
        settingsError={view.error}
        settingsErrorVars={view.errorVars}
        onCancel={onCancel}
      />
    );
  }
  if (view.step !== 'newPin') return null;
  return (
    <>
      <PinPad
        label={t(view.confirming ? 'parentalEnterNewPinAgain' : 'parentalEnterNewPin')}
        length={view.entered}
        error={view.error}
        errorVars={view.errorVars}
        canType
        onDigit={view.pressDigit}
        onDelete={view.deleteDigit}
        onCancel={onCancel}
      />
      <p className="visually-hidden" role="status">
        {view.confirming ? t('parentalEnterNewPinAgain') : ''}
      </p>
    </>
  );
}

interface CurrentPinPadProps {
  pad: ParentalSettingsPadRef;
  label: string;
  settingsError: string | null;
  settingsErrorVars: Record<string, string>;
  onCancel?: (() => void) | undefined;
}

/** The invoked PIN pad machine (its own snapshots: a child actor does not re-render its parent's view). */
function CurrentPinPad({ pad, label, settingsError, settingsErrorVars, onCancel }: CurrentPinPadProps) {
  const snapshot = useSelector(pad, (s) => s);
  const view = connectPinPad(snapshot, pad.send);
  const showSettingsError = view.error === null && view.length === 0 && view.status === 'entering';
  return (
    <PinPad
      {...pinPadViewProps(view)}
      label={label}
      error={view.error ?? (showSettingsError ? settingsError : null)}
      errorVars={view.error ? view.errorVars : settingsErrorVars}
      onCancel={onCancel}
    />
  );
}
