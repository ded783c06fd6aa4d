import { createRef, useEffect, useRef, useState, type ChangeEvent, type FormEvent, type RefObject } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { AnyStateMachine, EventFromLogic, InputFrom, SnapshotFrom } from 'xstate';
import { routeAccess, type RouteKey } from '@stream/core/domain';
import type { CredentialsFormApi, CredentialsFormInput } from '@stream/core/machines';
import { useFlow } from '@stream/react';
import { useFocusOnFailure } from '../components/useFocusOnFailure';
import { useI18n, useServices } from './context';
import { useSession } from './hooks';

/** Options of {@link useCredentialsForm}. */
export interface CredentialsFormOptions<TMachine extends AnyStateMachine, TField extends string> {
  /** A machine built with `createCredentialsFormMachine` (`idSignInMachine`, `signUpMachine`). */
  machine: TMachine;
  /** Its connect function (`connectIdSignIn`, `connectSignUp`). */
  connect: (snapshot: SnapshotFrom<TMachine>, send: (event: EventFromLogic<TMachine>) => void) => CredentialsFormApi<TField>;
  /** The form's fields in display order: the first invalid one gets the focus after a failed submit. */
  fields: readonly TField[];
  /**
   * The page's route (`LOGIN`, `SIGNUP`), for the redirect of a signed-in viewer (§2). Omitted
   * when the form is embedded in another page (the checkout journey): no redirect then.
   */
  route?: RouteKey;
  /**
   * Makes the form a step of another flow: once it is done (the session holds the tokens) this is
   * called and nothing navigates; the checkout journey goes on to its next step. Without it the
   * session takes the viewer to the §2 target.
   */
  onDone?: () => void;
  /** Prefix of the element ids: `${idPrefix}-${field}` for the inputs, `${idPrefix}-error` for the alert. */
  idPrefix: string;
  /**
   * The realm's captcha guards the form's call (issue 18): the machine's input `captchaRequired`.
   * Read once when the flow starts (give the component a new `key` when it changes). @default false
   */
  captchaRequired?: boolean;
}

/** Props of a `Field` or `PasswordField` bound to one field of the form. */
export interface BoundFieldProps<TField extends string> {
  ref: RefObject<HTMLInputElement | null>;
  id: string;
  name: TField;
  value: string;
  onChange(event: ChangeEvent<HTMLInputElement>): void;
  /** The field's error text, or undefined. */
  error: string | undefined;
  /** True while submitting. */
  readOnly: boolean;
}

/** What a credentials page renders from. */
export interface CredentialsForm<TField extends string> {
  /** The machine's connect result. */
  form: CredentialsFormApi<TField>;
  /** Props binding `Field`/`PasswordField` to a field: ref, id, name, value, change, error text, read-only while submitting. */
  field(name: TField): BoundFieldProps<TField>;
  /** Props of the page's `FormAlert`: id, ref (focused on a form-level failure) and the error text. */
  alert: { id: string; alertRef: RefObject<HTMLDivElement | null>; message: string | null };
  /** The form's submit handler: prevents the default, arms the focus on failure and sends `form.submit`. */
  onSubmit(event: FormEvent): void;
  /** True once this page submitted the form (the session-expired notice then gives way). */
  hasSubmitted: boolean;
  /**
   * Where a viewer the session holds as signed in goes (§2 "Signed-in users who open login or
   * signup are sent to the default menu"), else null; never for an embedded form. A sign-in made
   * on the page never shows here: the session navigates to its target before it publishes the
   * signed-in snapshot, so the page has already left when it could see the viewer signed in.
   */
  redirectTo: string | null;
  /** The page's query string, without `?`. */
  search: string;
}

/**
 * Runs a credentials form machine for a page (ID sign-in, sign-up…) with `useFlow`: starts it with
 * the platform client, the session, the query (`?…`) and the label check; moves the focus to the
 * first invalid field or the alert after a failed submit; says where a signed-in viewer is
 * redirected (pages given a `route` only). It never navigates after a sign-in: the machine hands
 * the tokens to the session, which goes to the §2 target; an embedded form (`onDone`) hands them
 * over without a target and `onDone` is called once done.
 * Implements identity-and-routes.md §4 "ID sign-in" and §2 on the web.
 */
export function useCredentialsForm<TMachine extends AnyStateMachine, TField extends string>(
  options: CredentialsFormOptions<TMachine, TField>,
): CredentialsForm<TField> {
  const { machine, connect, fields, route, idPrefix, onDone, captchaRequired = false } = options;
  const { tError, routeLocale, isKnownKey } = useI18n();
  const { api, session } = useServices();
  const { isSignedIn } = useSession();
  const search = useSearch();
  const [pathname] = useLocation();
  const embedded = onDone !== undefined;

  const input: CredentialsFormInput = { api, session, search: `?${search}`, embedded, isKnownKey, captchaRequired };
  // Every credentials form machine takes a CredentialsFormInput; a generic machine type cannot say so.
  const [form] = useFlow(machine, { input: input as InputFrom<TMachine>, connect });

  const submitted = useRef(false);
  const [refs] = useState(
    () => new Map(fields.map((name) => [name, createRef<HTMLInputElement>() as RefObject<HTMLInputElement | null>])),
  );
  const alertRef = useRef<HTMLDivElement>(null);
  const focus = useFocusOnFailure({
    isSubmitting: form.isSubmitting,
    error: form.error,
    fieldErrors: form.fieldErrors,
    fields: fields.map((name) => [name, refs.get(name)!]),
    alertRef,
  });

  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;
  useEffect(() => {
    if (form.isDone) onDoneRef.current?.();
  }, [form.isDone]);

  const access = route && !embedded ? routeAccess(route, isSignedIn ? 'signedIn' : 'guest', pathname, routeLocale) : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (form.isSubmitting) return;
    submitted.current = true;
    focus.arm();
    form.submit();
  };

  const field = (name: TField): BoundFieldProps<TField> => {
    const key = form.fieldErrors[name];
    return {
      ref: refs.get(name)!,
      id: `${idPrefix}-${name}`,
      name,
      value: form.values[name],
      onChange: (event) => form.change(name, event.target.value),
      error: key ? tError(key) : undefined,
      readOnly: form.isSubmitting,
    };
  };

  return {
    form,
    field,
    // `errorVars` fill the message's placeholders (the wait of `tooManyAttempts`, issue 12).
    alert: { id: `${idPrefix}-error`, alertRef, message: form.error ? tError(form.error, form.errorVars) : null },
    onSubmit,
    hasSubmitted: submitted.current,
    redirectTo: access?.kind === 'redirect' ? access.path : null,
    search,
  };
}
