import { useEffect, useMemo, useRef, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { formatDisplayDate, parseIsoTimestamp } from '@stream/core/domain';
import { connectGiftRedemption, giftRedemptionMachine } from '@stream/core/machines';
import { useFlow } from '@stream/react';
import { useI18n, useServices } from '../app/context';
import { useDocumentTitle } from '../app/hooks';
import { SignedInOnly } from '../app/SignedInOnly';
import { AuthLayout } from '../components/AuthLayout';
import { FlowOutcome } from '../components/EmailFlow';
import { Field } from '../components/Field';
import { SubmitButton } from '../components/SubmitButton';

/**
 * REDEEM (`/redeem`; issue 18, docs/api.md "Gifts"): a signed-in viewer types a gift code and
 * redeems it with core's `giftRedemption` machine (`POST /api/v2/gift-redemptions`). A guest goes
 * to LOGIN and comes back. Redeemed: the plan and its end of period, a new licence ("… until
 * <date>") or the renewal date of the plan held, moved on ("now renews on <date>"). A malformed,
 * unknown, used or expired code says why, on the field, and focus goes back to it.
 */
export default function RedeemPage() {
  const { t } = useI18n();
  useDocumentTitle(t('redeemGiftTitle'), t('appName'));
  return (
    <SignedInOnly loadingLabel={t('loading')}>
      <Redeem />
    </SignedInOnly>
  );
}

/**
 * The code the page was opened with: the query's `redeemCode` (where the gift-redemption login
 * page's back button and the emailed link's sign-in lead, core `loginBackTarget`), pre-filled.
 */
function useLinkCode(): string | null {
  const search = useSearch();
  return useMemo(() => new URLSearchParams(search).get('redeemCode'), [search]);
}

function Redeem() {
  const { t, path, language } = useI18n();
  const { api } = useServices();
  const linkCode = useLinkCode();
  const input = useMemo(() => ({ api, code: linkCode }), [api, linkCode]);
  const [view] = useFlow(giftRedemptionMachine, { input, connect: connectGiftRedemption });
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // After a refused code, focus goes back to the field (its error is announced with it).
    if (view.error !== null && view.status === 'editing') field.current?.focus();
  }, [view.error, view.status]);

  if (view.status === 'redeemed' && view.result) {
    const { result } = view;
    const ms = result.expiresAt ? parseIsoTimestamp(result.expiresAt) : null;
    const date = ms === null ? '' : formatDisplayDate(ms, language);
    const vars = { licenceName: result.licenceName, date, months: String(result.months) };
    const message = result.outcome === 'extend' ? t('giftRedeemedExtended', vars) : result.outcome === 'new' ? t('giftRedeemedNew', vars) : t('giftRedeemedUnchanged', vars);
    return (
      <FlowOutcome title={t('giftRedeemedTitle')} message={message}>
        <p className="auth-card__footer">
          <Link href={path('ACCOUNT')}>{t('yourAccount')}</Link>
          {' · '}
          <Link href={path('HOME')}>{t('backToHome')}</Link>
        </p>
      </FlowOutcome>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    view.submit();
  };
  return (
    <AuthLayout>
      <h1>{t('redeemGiftTitle')}</h1>
      <p className="auth-card__subtitle">{t('redeemGiftIntro')}</p>
      <form onSubmit={submit} noValidate>
        <Field
          ref={field}
          id="gift-code"
          name="code"
          label={t('giftCode')}
          hint={t('giftCodeHint')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={view.code}
          onChange={(event) => view.setCode(event.currentTarget.value)}
          error={view.error ? t(view.error) : undefined}
        />
        <SubmitButton busy={view.status === 'redeeming'} busyLabel={t('redeemingGift')}>
          {t('redeemGift')}
        </SubmitButton>
      </form>
    </AuthLayout>
  );
}
