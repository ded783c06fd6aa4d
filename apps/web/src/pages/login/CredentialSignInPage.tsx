import { Redirect } from 'wouter';
import { connectProviderSignIn, pbrSignInMachine, sptvSignInMachine, type CredentialProvider } from '@stream/core/machines';
import { useI18n } from '../../app/context';
import { useCredentialsForm } from '../../app/useCredentialsForm';
import { ProviderCredentialsForm } from '../../providers/ProviderCredentialsForm';
import { LoginSubPage } from '../../signin/LoginSubPage';
import { SignInProviderBlock } from '../../signin/SignInProviderBlock';
import '../../styles/providers.css';

/** The fields of the PBR/SPTV form, in display order. */
const FIELDS = ['username', 'password'] as const;

/** Per provider: its kind (§3), its machine and its texts. */
const PROVIDERS = {
  pbr: { kind: 'PBR', machine: pbrSignInMachine, subtitle: 'pbrSignInSubtitle', idLabel: 'pbrAccountId' },
  sptv: { kind: 'SPTV', machine: sptvSignInMachine, subtitle: 'sptvSignInSubtitle', idLabel: 'sptvAccountId' },
} as const;

/**
 * Sign in with a PBR or SPTV account id and secret (`/login/pbr`, `/login/sptv`;
 * identity-and-routes.md §2 sub-routes, §6, §7 `POST /login/auth-provider/pbr`, `POST /login/sptv`,
 * §8 "Login failure"). Props: `provider`. The form sits in the sign-in provider block (other
 * providers; the sign-up link only when the provider can sign up: never for SPTV). PBR offers the
 * forgot-password link (§6); SPTV does not. Once signed in goes (replace) to the machine's target
 * (§2 "After sign-in completion"); a signed-in viewer who opens the page goes to the default menu.
 */
export default function CredentialSignInPage({ provider }: { provider: CredentialProvider }) {
  // One machine per provider: moving between /login/pbr and /login/sptv starts the other form afresh.
  return <CredentialSignIn key={provider} provider={provider} />;
}

function CredentialSignIn({ provider }: { provider: CredentialProvider }) {
  const { t } = useI18n();
  const { kind, machine, subtitle, idLabel } = PROVIDERS[provider];
  const credentials = useCredentialsForm({
    machine,
    connect: connectProviderSignIn,
    fields: FIELDS,
    route: 'LOGIN',
    idPrefix: `${provider}-login`,
  });

  if (credentials.redirectTo) return <Redirect to={credentials.redirectTo} replace />;

  return (
    <LoginSubPage subtitle={t(subtitle)}>
      <SignInProviderBlock current={{ name: kind }} search={credentials.search}>
        <ProviderCredentialsForm credentials={credentials} provider={kind} idField={{ name: 'username', label: t(idLabel) }} />
      </SignInProviderBlock>
    </LoginSubPage>
  );
}
