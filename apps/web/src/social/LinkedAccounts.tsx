import { useEffect, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { connectLinkedAccounts, linkedAccountsMachine } from '@stream/core/machines';
import { formatDisplayDate, parseIsoTimestamp } from '@stream/core/domain';
import { useI18n, useServices } from '../app/context';
import { AccountSection } from '../components/AccountSection';
import { BusyContent } from '../components/SubmitButton';
import { InlineError, InlineStatus } from '../components/StatusScreen';
import { useProviderName } from '../signin/SignInProviderBlock';
import '../styles/social.css';

/**
 * "Linked accounts" on the account page (identity-and-routes.md §3 "Login response … linkedAccounts",
 * §7 the unlink-provider call, §8 "Unlink provider failure shows a generic error"): renders the
 * `linkedAccounts` machine, which keeps the session's list of linked providers current. Each
 * linked provider (Apple, Google, Facebook, the TV provider) with the email it gave
 * and the date it was linked, and an Unlink button named with the provider; a failed unlink
 * shows `anErrorOccured` next to it and keeps the list; a done unlink is announced in a status
 * region and the focus moves to the section heading.
 */
export default function LinkedAccounts() {
  const { t, language } = useI18n();
  const { api, session } = useServices();
  const providerName = useProviderName();
  const [snapshot, send] = useMachine(linkedAccountsMachine, { input: { api, session } });
  const view = connectLinkedAccounts(snapshot, send);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [notice, setNotice] = useState('');
  const lastUnlinking = useRef<string | null>(null);

  useEffect(() => {
    if (view.unlinking) {
      lastUnlinking.current = view.unlinking;
      return;
    }
    const done = lastUnlinking.current;
    if (done && !view.accounts.some((account) => account.provider === done)) {
      setNotice(t('providerUnlinked', { provider: providerName({ name: done }) }));
      headingRef.current?.focus();
    }
    lastUnlinking.current = null;
    // Reacts to an unlink ending; `t` and `providerName` change with the language only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view.unlinking, view.accounts]);

  return (
    <AccountSection name="linked-accounts" title={t('linkedAccounts')} intro={t('linkedAccountsIntro')} notice={notice} headingRef={headingRef}>
      {view.status === 'loading' ? <InlineStatus label={t('loading')} /> : null}
      {view.status === 'failed' ? <InlineError message={t(view.error ?? 'anErrorOccured')} retryLabel={t('retry')} onRetry={view.retry} /> : null}
      {view.status === 'ready' && view.accounts.length === 0 ? <p>{t('noLinkedAccounts')}</p> : null}
      {view.status === 'ready' && view.accounts.length > 0 ? (
        <ul className="linked-accounts__list">
          {view.accounts.map((account) => {
            const name = providerName({ name: account.provider });
            const busy = view.unlinking === account.provider;
            const linkedMs = parseIsoTimestamp(account.linkedAt);
            const linkedOn = linkedMs === null ? null : formatDisplayDate(linkedMs, language);
            return (
              <li key={account.provider} className="linked-accounts__item" data-provider={account.provider}>
                <div className="linked-accounts__who">
                  <strong>{name}</strong>
                  {account.email ? <span dir="ltr">{account.email}</span> : null}
                  {linkedOn ? <span className="linked-accounts__since">{t('linkedSince', { date: linkedOn })}</span> : null}
                </div>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => view.unlink(account.provider)}
                  disabled={view.unlinking !== null}
                  aria-busy={busy || undefined}
                  aria-label={t('unlinkProvider', { provider: name })}
                >
                  <BusyContent busy={busy} busyLabel={t('unlinking')}>
                    {t('unlink')}
                  </BusyContent>
                </button>
                {view.failedProvider === account.provider && view.error ? (
                  <p role="alert" className="alert linked-accounts__error">
                    {t(view.error)}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </AccountSection>
  );
}
