import { forwardRef, useCallback, useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import { SHOW_PASSWORD_HIDE_DELAY_MS } from '@stream/core/domain';
import { Field, type FieldProps } from './Field';

export interface PasswordFieldProps extends Omit<FieldProps, 'type' | 'after'> {
  /** Accessible name of the press-and-hold control ("Show password"). */
  showLabel: string;
}

/**
 * Press-and-hold visibility for a password input (identity-and-routes.md §2 "Login page"):
 * pressing (pointer, or Space/Enter on the focused control) shows the password; releasing hides
 * it again after SHOW_PASSWORD_HIDE_DELAY_MS.
 */
export function usePressToReveal(hideDelayMs: number = SHOW_PASSWORD_HIDE_DELAY_MS) {
  const [revealed, setRevealed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const clear = () => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
  };
  const press = useCallback(() => {
    clear();
    setRevealed(true);
  }, []);
  const release = useCallback(() => {
    clear();
    timer.current = setTimeout(() => {
      timer.current = undefined;
      setRevealed(false);
    }, hideDelayMs);
  }, [hideDelayMs]);
  useEffect(() => clear, []);
  return { revealed, press, release };
}

const isPressKey = (key: string) => key === ' ' || key === 'Enter';

/** A password field with a press-and-hold "Show password" control. */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(
  { showLabel, ...field },
  ref,
) {
  const { revealed, press, release } = usePressToReveal();
  /** How the control is being held: by a pointer, by a key, or not at all. */
  const holding = useRef<'pointer' | 'key' | null>(null);
  const keyJustReleased = useRef(false);

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0) return;
    event.preventDefault(); // keep focus (and the on-screen keyboard) where it is
    event.currentTarget.setPointerCapture?.(event.pointerId);
    holding.current = 'pointer';
    press();
  };
  const onPointerEnd = () => {
    if (holding.current !== 'pointer') return;
    holding.current = null;
    release();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!isPressKey(event.key)) return;
    event.preventDefault(); // no click, no form submit
    if (holding.current === 'key') return; // auto-repeat
    holding.current = 'key';
    press();
  };
  const onKeyUp = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!isPressKey(event.key) || holding.current !== 'key') return;
    event.preventDefault();
    holding.current = null;
    keyJustReleased.current = true; // the browser may still fire a click for this key
    setTimeout(() => {
      keyJustReleased.current = false;
    }, 0);
    release();
  };
  const onBlur = () => {
    holding.current = null;
    if (revealed) release();
  };
  // A click with no press before it (a screen reader's activation): show until focus leaves.
  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    if (holding.current === null && !keyJustReleased.current && event.detail === 0) press();
  };

  return (
    <Field
      ref={ref}
      {...field}
      type={revealed ? 'text' : 'password'}
      autoCapitalize="off"
      spellCheck={false}
      after={
        <button
          type="button"
          className="show-password"
          aria-pressed={revealed}
          aria-controls={field.id}
          onPointerDown={onPointerDown}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
          onLostPointerCapture={onPointerEnd}
          onKeyDown={onKeyDown}
          onKeyUp={onKeyUp}
          onBlur={onBlur}
          onClick={onClick}
          onContextMenu={(event) => event.preventDefault()}
        >
          <EyeIcon open={revealed} />
          <span>{showLabel}</span>
        </button>
      }
    />
  );
});

function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
      <circle cx="12" cy="12" r="3" />
      {open ? null : <line x1="3" y1="3" x2="21" y2="21" />}
    </svg>
  );
}
