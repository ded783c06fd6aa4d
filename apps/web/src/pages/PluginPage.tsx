import { useMemo } from 'react';
import { useResource } from '@stream/react';
import { useI18n, useServices } from '../app/context';
import { useDocumentTitle } from '../app/hooks';
import { Loaded, TextSkeleton, useRouteParams } from '../info/Loaded';
import { pluginDocument } from '../info/PageBlocks';
import '../styles/info.css';

/**
 * PLUGIN (`/plugin/:id`): a plugin's page in a frame sandboxed with `allow-scripts` only (an
 * opaque origin: no access to the app's storage, cookies, tokens or DOM; no popups, forms or top
 * navigation). This project's choice for what a plugin id serves: the external page of that id
 * (`catalogue.externalPage`), written into the frame's `srcdoc` by {@link pluginDocument} (text
 * escaped by the DOM). The platform's `pluginAccessTokens` (preferences) are not handed to the
 * frame: the sandbox has no plugin host that would take them. An unknown id shows the not-found page.
 */
export default function PluginPage() {
  const { id = '' } = useRouteParams();
  const { t, language, direction } = useI18n();
  const { queries } = useServices();
  const page = useResource(queries.catalogue.read('externalPage', { params: { id } }));
  useDocumentTitle(page.data?.title ?? '', t('appName'));
  const srcDoc = useMemo(() => (page.data ? pluginDocument(page.data, language, direction) : ''), [page.data, language, direction]);
  return (
    <Loaded resource={page} skeleton={<TextSkeleton lines={4} />} failedKey="externalPageLoadFailed">
      {(data) => (
        <div className="page">
          <h1>
            <bdi>{data.title}</bdi>
          </h1>
          <iframe className="info-frame" title={data.title} sandbox="allow-scripts" srcDoc={srcDoc} referrerPolicy="no-referrer" />
        </div>
      )}
    </Loaded>
  );
}
