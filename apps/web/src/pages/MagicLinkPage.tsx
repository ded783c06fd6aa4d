import { connectMagicLink, magicLinkMachine } from '@stream/core/machines';
import { useFlow } from '@stream/react';
import { useI18n, useServices } from '../app/context';
import { useDocumentTitle } from '../app/hooks';
import { LoadingScreen } from '../components/StatusScreen';
import { BackToSignIn, EmailRequestForm, FlowOutcome, useOneTimeToken } from '../components/EmailFlow';


/**
 * MAGIC_LINK (`/login/magic-link`, identity-and-routes.md §2 "Login page", §4 "Magic link", §5,
 * §8): renders the magic link machine under the magic-link heading.
 * - Without a token: the email form → magicLinkSent; an email that does not match the pattern
 *   shows the email-invalid error on the field; a failed send shows the machine's message.
 * - With `token` (removed from the address bar at once): the machine exchanges it for tokens and
 *   hands them to the session (`session.signedIn`, as the sign-in forms do), which goes (history
 *   replace) to the target of §2 (`from`, else the default menu). A refused token shows
 *   failedToMagicLogin above the form, to ask for a new link.
 */
export default function MagicLinkPage() {
  const { t } = useI18n();
  const { api, session } = useServices();
  const { token, search } = useOneTimeToken();
  // The machine hands the tokens to the session, which goes to the target (§2 "After sign-in completion").
  const [magic] = useFlow(magicLinkMachine, { input: { api, token, session, search: `?${search}` }, connect: connectMagicLink });
  useDocumentTitle(t('magicLinkTitle'), t('appName'));

  if (magic.status === 'exchanging' || magic.status === 'signedIn') return <LoadingScreen label={t('signingIn')} />;

  const back = <BackToSignIn search={search} />;
  if (magic.status === 'sent') {
    return (
      <FlowOutcome title={t('checkYourEmail')} message={t('magicLinkSent')}>
        {back}
      </FlowOutcome>
    );
  }
  return (
    <EmailRequestForm
      idPrefix="magic-link"
      title={t('magicLinkTitle')}
      intro={t('magicLinkIntro')}
      submitLabel={t('sendMagicLink')}
      busyLabel={t('sendingLink')}
      busy={magic.status === 'sending'}
      error={magic.error}
      errorVars={magic.errorVars}
      onRequest={magic.request}
      footer={back}
    />
  );
}
