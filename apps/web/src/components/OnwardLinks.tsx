import { Link } from 'wouter';
import { useI18n } from '../app/context';

export interface OnwardLinksProps {
  /** Where the main link goes (an in-app path). */
  href: string;
  /** The main link's text. */
  label: string;
  /** The text of the second link, to the account page (`ACCOUNT`). */
  accountLabel: string;
  /** Extra class names of the row, after `actions`. */
  className?: string;
}

/**
 * The way on after a payment page: a row of two links shown as buttons, the main one to `href`
 * and a secondary one back to the account page.
 */
export function OnwardLinks({ href, label, accountLabel, className }: OnwardLinksProps) {
  const { path } = useI18n();
  return (
    <div className={className ? `actions ${className}` : 'actions'}>
      <Link href={href} className="button">
        {label}
      </Link>
      <Link href={path('ACCOUNT')} className="button button--secondary">
        {accountLabel}
      </Link>
    </div>
  );
}
