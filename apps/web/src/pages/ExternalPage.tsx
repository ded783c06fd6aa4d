import { useResource } from '@stream/react';
import { useI18n, useServices } from '../app/context';
import { useDocumentTitle } from '../app/hooks';
import { DateText, Loaded, TextSkeleton, useRouteParams } from '../info/Loaded';
import { PageBlocks } from '../info/PageBlocks';
import '../styles/info.css';

/**
 * EXTERNAL_PAGE (`/externalpage/:pageId`; `catalogue.externalPage`): a page of text (about,
 * help). Its blocks are rendered as elements, their text never parsed as HTML. An unknown id
 * shows the not-found page.
 */
export default function ExternalPage() {
  const { pageId = '' } = useRouteParams();
  return <ExternalPageView pageId={pageId} />;
}

/** An external page's content, shared with the chrome-less MOBILE_EXTERNAL_PAGE. */
export function ExternalPageView({ pageId, className = 'page info-article' }: { pageId: string; className?: string }) {
  const { t, language } = useI18n();
  const { queries } = useServices();
  const page = useResource(queries.catalogue.read('externalPage', { params: { id: pageId } }));
  useDocumentTitle(page.data?.title ?? '', t('appName'));
  return (
    <Loaded resource={page} skeleton={<TextSkeleton lines={6} />} failedKey="externalPageLoadFailed">
      {(data) => (
        <article className={className}>
          <h1>
            <bdi>{data.title}</bdi>
          </h1>
          {data.description ? <p className="info-article__summary">{data.description}</p> : null}
          <PageBlocks blocks={data.blocks} />
          {data.updatedDate ? (
            <p className="info-article__meta">
              {t('externalPageUpdated')} <DateText iso={data.updatedDate} language={language} />
            </p>
          ) : null}
        </article>
      )}
    </Loaded>
  );
}
