import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useI18n } from '../app/context';
import { useDocumentTitle } from '../app/hooks';
import { SignedInOnly } from '../app/SignedInOnly';

/**
 * A signed-in library page (FAVOURITES, HISTORY): the document title of label `titleKey`, and
 * `children` once the session is known (label `loadingKey` meanwhile); a guest is sent to sign in
 * and comes back.
 */
export function SignedInLibraryPage({ titleKey, loadingKey, children }: { titleKey: string; loadingKey: string; children: ReactNode }) {
  const { t } = useI18n();
  useDocumentTitle(t(titleKey), t('appName'));
  return <SignedInOnly loadingLabel={t(loadingKey)}>{children}</SignedInOnly>;
}

/** A library list's placeholders while a page loads: `count` items of `skeleton` in a busy list of class `className`. */
export function SkeletonList({ className, count, skeleton }: { className: string; count: number; skeleton: ReactNode }) {
  return (
    <ul className={className} aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>{skeleton}</li>
      ))}
    </ul>
  );
}

/** A library list's empty state (FAVOURITES, HISTORY): `text`, then a link to BROWSE named `browse`. */
export function EmptyLibrary({ className, text, browse }: { className: string; text: string; browse: string }) {
  const { path } = useI18n();
  return (
    <div className={className}>
      <p>{text}</p>
      <p>
        <Link href={path('BROWSE')}>{browse}</Link>
      </p>
    </div>
  );
}
