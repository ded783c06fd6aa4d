import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Basket } from '@stream/core/contracts';
import type { PaymentApi } from '@stream/core/machines';
import { useI18n } from '../app/context';
import { BusyContent } from '../components/SubmitButton';

export interface VoucherFormProps {
  /** The basket now (its vouchers are listed with a Remove button each). */
  basket: Basket;
  /** The payment's voucher entry: the call running, the last failure's label key, the last success. */
  voucher: PaymentApi['voucher'];
  /** A payment runs: nothing may change the basket. */
  disabled: boolean;
  /** Adds the code as typed (the payment checks it first). */
  onAdd(code: string): void;
  /** Removes the voucher `code`. */
  onRemove(code: string): void;
  /** The payer is typing another code (the error goes). */
  onEdit(): void;
}

/**
 * The voucher code entry of the checkout and the vouchers applied, each with Remove (the payment
 * machine checks the code with core's `parseVoucherCode` and calls `vouchers.add` /
 * `vouchers.remove`, §5; a change takes a new idempotency key). A failure shows an inline error
 * under the field (`voucherNotValid`, `voucherNotApplicable`...), focused back to the field; the
 * field keeps what was typed, and is emptied once the voucher applies. Shown only when the
 * selected provider accepts vouchers. Implements commerce-and-account-data.md §3 "Basket"
 * (vouchers), §5 and §7 "Baskets and payments".
 */
export function VoucherForm({ basket, voucher, disabled, onAdd, onRemove, onEdit }: VoucherFormProps) {
  const { t } = useI18n();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  /** Which call the payer asked for last: a failed add puts the focus back in the field. */
  const asked = useRef<'add' | 'remove'>('add');
  const vouchers = basket.amounts.vouchers ?? [];
  const { busy } = voucher;
  const locked = disabled || busy !== null;

  // Each new outcome once (not those before this form was shown): an applied code empties the
  // field; a refused or failed add, or a removal, puts the focus back in it.
  const seq = voucher.outcome?.seq ?? 0;
  const seen = useRef(seq);
  useEffect(() => {
    if (seen.current === seq) return;
    seen.current = seq;
    const outcome = voucher.outcome?.kind;
    if (outcome === 'applied') setCode('');
    if (outcome === 'refused' || outcome === 'removed' || (outcome === 'failed' && asked.current === 'add')) inputRef.current?.focus();
    // Once per outcome.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [seq]);

  function add(event: FormEvent) {
    event.preventDefault();
    if (locked) return;
    asked.current = 'add';
    onAdd(code);
  }

  function remove(name: string) {
    if (locked) return;
    asked.current = 'remove';
    onRemove(name);
  }

  const error = voucher.error ? t(voucher.error) : null;
  const notice = voucher.notice ? t(voucher.notice.key, { code: voucher.notice.code }) : '';
  const errorId = `${id}-error`;
  return (
    <div className="voucher">
      {vouchers.length > 0 ? (
        <ul className="voucher__applied" aria-label={t('vouchersApplied')}>
          {vouchers.map((applied) => {
            const removing = busy?.kind === 'remove' && busy.code === applied.name;
            return (
              <li key={applied.name}>
                <bdi className="voucher__code">{applied.name}</bdi>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  disabled={locked}
                  aria-busy={removing || undefined}
                  aria-label={t('removeVoucherNamed', { code: applied.name })}
                  onClick={() => remove(applied.name)}
                >
                  <BusyContent busy={removing} busyLabel={t('removingVoucher')}>
                    {t('removeVoucher')}
                  </BusyContent>
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <form className="voucher__form" noValidate onSubmit={add}>
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
                if (error) onEdit();
              }}
            />
            <button type="submit" className="button button--secondary" disabled={locked} aria-busy={busy?.kind === 'add' || undefined}>
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
