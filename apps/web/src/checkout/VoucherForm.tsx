import { useId, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '@stream/core/api';
import type { Basket } from '@stream/core/contracts';
import { parseVoucherCode } from '@stream/core/domain';
import { useI18n, useServices } from '../app/context';
import { BusyContent } from '../components/SubmitButton';

export interface VoucherFormProps {
  /** The basket now (its vouchers are listed with a Remove button each). */
  basket: Basket;
  /** A payment runs: nothing may change the basket. */
  disabled: boolean;
  /** The basket the platform answered after a voucher was added or removed. */
  onBasketChange(basket: Basket): void;
}

/** Which voucher call runs: adding, or removing the named code. */
type Busy = { kind: 'add' } | { kind: 'remove'; code: string } | null;

/** The message key for a failed voucher call: 404 not valid, 409 does not apply, else unknown. */
function voucherErrorKey(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return 'voucherNotValid';
  if (error instanceof ApiError && error.status === 409) return 'voucherNotApplicable';
  return 'unknownError';
}

/**
 * The voucher code entry of the checkout and the vouchers applied, each with Remove
 * (`vouchers.add` / `vouchers.remove`: the code is checked with core's `parseVoucherCode` and
 * URL-encoded by the client, §5). A 404 or 409 shows an inline error under the field; the field
 * keeps what was typed. Each change hands the new basket to `onBasketChange` (the caller sends the
 * payment machine's `basketChanged()`: a new idempotency key). Shown only when the selected
 * provider accepts vouchers. Implements commerce-and-account-data.md §3 "Basket" (vouchers),
 * §5 and §7 "Baskets and payments".
 */
export function VoucherForm({ basket, disabled, onBasketChange }: VoucherFormProps) {
  const { t } = useI18n();
  const { api } = useServices();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [notice, setNotice] = useState('');
  const vouchers = basket.amounts.vouchers ?? [];
  const locked = disabled || busy !== null;

  async function add(event: FormEvent) {
    event.preventDefault();
    if (locked) return;
    const parsed = parseVoucherCode(code);
    if (!parsed.ok) {
      setError(t(parsed.problem === 'empty' ? 'voucherCodeEmpty' : 'voucherNotValid'));
      inputRef.current?.focus();
      return;
    }
    setBusy({ kind: 'add' });
    setError(null);
    setNotice('');
    try {
      const next = await api.vouchers.add({ params: { code: parsed.code } });
      onBasketChange(next);
      setCode('');
      setNotice(t('voucherApplied', { code: parsed.code }));
    } catch (failure) {
      setError(t(voucherErrorKey(failure)));
      inputRef.current?.focus();
    } finally {
      setBusy(null);
    }
  }

  async function remove(name: string) {
    if (locked) return;
    setBusy({ kind: 'remove', code: name });
    setError(null);
    setNotice('');
    try {
      onBasketChange(await api.vouchers.remove({ params: { code: name } }));
      setNotice(t('voucherRemoved', { code: name }));
      inputRef.current?.focus();
    } catch (failure) {
      setError(t(voucherErrorKey(failure)));
    } finally {
      setBusy(null);
    }
  }

  const errorId = `${id}-error`;
  return (
    <div className="voucher">
      {vouchers.length > 0 ? (
        <ul className="voucher__applied" aria-label={t('vouchersApplied')}>
          {vouchers.map((voucher) => (
            <li key={voucher.name}>
              <bdi className="voucher__code">{voucher.name}</bdi>
              <button
                type="button"
                className="button button--secondary button--small"
                disabled={locked}
                aria-busy={(busy?.kind === 'remove' && busy.code === voucher.name) || undefined}
                aria-label={t('removeVoucherNamed', { code: voucher.name })}
                onClick={() => void remove(voucher.name)}
              >
                <BusyContent busy={busy?.kind === 'remove' && busy.code === voucher.name} busyLabel={t('removingVoucher')}>
                  {t('removeVoucher')}
                </BusyContent>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <form className="voucher__form" noValidate onSubmit={(event) => void add(event)}>
        <div className="field">
          <label htmlFor={`${id}-code`}>{t('voucherCode')}</label>
          <div className="voucher__row">
            <input
              ref={inputRef}
              id={`${id}-code`}
              value={code}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => {
                setCode(event.target.value);
                if (error) setError(null);
              }}
            />
            <button
              type="submit"
              className="button button--secondary"
              disabled={locked}
              aria-busy={busy?.kind === 'add' || undefined}
            >
              <BusyContent busy={busy?.kind === 'add'} busyLabel={t('applyingVoucher')}>
                {t('applyVoucher')}
              </BusyContent>
            </button>
          </div>
          {error ? (
            <p id={errorId} className="field__error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
      </form>
      <p className="visually-hidden" role="status">
        {notice}
      </p>
    </div>
  );
}
