import { Link } from 'wouter';
import { forgotPasswordPath, offersPasswordReset } from '@stream/core/domain';
import { useI18n } from '../app/context';
import type { CredentialsForm } from '../app/useCredentialsForm';
import { EmailField } from '../components/EmailField';
import { Field } from '../components/Field';
import { FormAlert } from '../components/FormAlert';
import { PasswordField } from '../components/PasswordField';
import { SubmitButton } from '../components/SubmitButton';

/** Props of {@link ProviderCredentialsForm}. */
export interface ProviderCredentialsFormProps<TId extends string> {
  /** The running form (`useCredentialsForm`) with an id field and `password`. */
  credentials: CredentialsForm<TId | 'password'>;
  /** The provider kind (§3): `PBR`, `SPTV`, `GIGYA`; sent as the forgot-password link's `providerName`. */
  provider: string;
  /** The id field: its name in the form, its label, and whether it is an email. */
  idField: { name: TId; label: string; email?: boolean };
}

/**
 * The id and password form of a sign-in provider (identity-and-routes.md §2 "Login page"): the
 * form's alert, the id field (an email field, or a plain left-to-right one for an account id), the
 * password with the press-and-hold show-password control, the forgot-password link when the
 * provider offers password reset (§6: PBR and GIGYA do, SPTV does not; it carries `providerName`
 * and `from`), and Sign in with progress.
 */
export function ProviderCredentialsForm<TId extends string>({ credentials, provider, idField }: ProviderCredentialsFormProps<TId>) {
  const { t, routeLocale } = useI18n();
  const { form, field, alert, onSubmit, search } = credentials;
  const idProps = { ...field(idField.name), label: idField.label, autoComplete: 'username' };
  return (
    <form className="form provider-form" noValidate onSubmit={onSubmit} data-provider={provider}>
      <FormAlert {...alert} />
      {idField.email ? (
        <EmailField {...idProps} />
      ) : (
        <Field {...idProps} autoCapitalize="off" autoCorrect="off" spellCheck={false} dir="ltr" />
      )}
      <PasswordField {...field('password')} label={t('password')} showLabel={t('showPassword')} autoComplete="current-password" />
      {offersPasswordReset(provider) ? (
        <p className="forgot-link">
          <Link href={forgotPasswordPath(provider, search, routeLocale)}>{t('forgotPasswordWeb')}</Link>
        </p>
      ) : null}
      <SubmitButton busy={form.isSubmitting} busyLabel={t('signingIn')}>
        {t('signIn')}
      </SubmitButton>
    </form>
  );
}
