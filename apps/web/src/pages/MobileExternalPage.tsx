import { useEffect } from 'react';
import { useSearch } from 'wouter';
import { ExternalPageView } from './ExternalPage';
import { NotFoundPage } from './NotFoundPage';
import '../styles/info.css';

/**
 * MOBILE_EXTERNAL_PAGE (`/mobile-external?pageId=about`): the external page named by the
 * `pageId` query parameter (the route has no path param), laid out for a phone's web view
 * without the site's chrome: while it is shown, `<html data-layout="bare">` hides the header,
 * footer and skip link (styles/info.css), so that an app can show the page inside its own frame.
 * Without `pageId`, the not-found page.
 */
export default function MobileExternalPage() {
  const pageId = new URLSearchParams(useSearch()).get('pageId') ?? '';
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.layout = 'bare';
    return () => {
      delete root.dataset.layout;
    };
  }, []);
  if (!pageId) return <NotFoundPage />;
  return <ExternalPageView pageId={pageId} className="mobile-page info-article" />;
}
