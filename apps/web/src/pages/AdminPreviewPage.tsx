import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { isAdministrator, matchRouteAnyLocale, ROUTE_KEYS, ROUTE_TABLES, type AdminPreviewRouteKey, type RouteKey } from '@stream/core/domain';
import { useI18n } from '../app/context';
import { useDocumentTitle, useSession } from '../app/hooks';
import { NAV_LINKS } from '../components/Header';
import { Field } from '../components/Field';
import { LoadingScreen } from '../components/StatusScreen';
import { NotFoundPage } from './NotFoundPage';
import '../styles/admin.css';

/** The title label of each preview. */
const TITLE_KEYS: Readonly<Record<AdminPreviewRouteKey, string>> = {
  ADMIN_404_PREVIEW: 'adminPreview404',
  ADMIN_NAVBAR_PREVIEW: 'adminPreviewNavbar',
  ADMIN_PLUGIN_PREVIEW: 'adminPreviewPlugin',
  ADMIN_PREVIEW: 'adminPreviewRoutes',
  ADMIN_SECTION_PREVIEW: 'adminPreviewSection',
};

/**
 * The admin previews (`/_admin/404-preview`, `navbar-preview`, `plugin-preview`, `preview`,
 * `section-preview`; identity-and-routes.md §2 route table; issue 18), one page module for the
 * five. Only a session whose `rol` claim is an administrator's (core's `isAdministrator`) sees
 * them; everyone else, guests included, gets the not-found page (and the web server answers these
 * paths with 404, scripts/serve-web.mjs, since it cannot see the session). What each shows:
 * the not-found page as visitors see it; the main navigation's destinations in the active
 * language; a plugin or a section by id (a form that opens it); the whole route table with each
 * key's path in the active language (`preview`).
 */
export default function AdminPreviewPage() {
  const { t, routeLocale } = useI18n();
  const { status, user } = useSession();
  const [pathname] = useLocation();
  const key = matchRouteAnyLocale(pathname, routeLocale)?.key as AdminPreviewRouteKey | undefined;
  const admin = isAdministrator(user);
  useDocumentTitle(admin && key ? t(TITLE_KEYS[key]) : '', t('appName'));
  if (status === 'loading') return <LoadingScreen label={t('loading')} />;
  if (!admin || !key || !(key in TITLE_KEYS)) return <NotFoundPage />;
  return (
    <div className="page admin-preview">
      <p className="admin-preview__badge">{t('adminPreviewBadge')}</p>
      <h1>{t(TITLE_KEYS[key])}</h1>
      <Preview previewKey={key} />
    </div>
  );
}

function Preview({ previewKey }: { previewKey: AdminPreviewRouteKey }) {
  const { t, path } = useI18n();
  switch (previewKey) {
    case 'ADMIN_404_PREVIEW':
      return (
        <section className="admin-preview__frame" aria-label={t('adminPreviewFrame')}>
          <NotFoundPage />
        </section>
      );
    case 'ADMIN_NAVBAR_PREVIEW':
      return (
        <section className="admin-preview__frame" aria-label={t('adminPreviewFrame')}>
          <ol className="admin-preview__list">
            {NAV_LINKS.map(({ key, label }) => (
              <li key={key}>
                <Link href={path(key)}>{t(label)}</Link> <code dir="ltr">{path(key)}</code>
              </li>
            ))}
          </ol>
        </section>
      );
    case 'ADMIN_PLUGIN_PREVIEW':
      return <OpenById routeKey="PLUGIN" fieldLabel={t('adminPreviewPluginId')} />;
    case 'ADMIN_SECTION_PREVIEW':
      return <OpenById routeKey="SECTION" fieldLabel={t('adminPreviewSectionId')} />;
    case 'ADMIN_PREVIEW':
      return <RouteTable />;
  }
}

/** A form with one id field that opens route `routeKey` (a param `id`) for that id. */
function OpenById({ routeKey, fieldLabel }: { routeKey: RouteKey; fieldLabel: string }) {
  const { t, path } = useI18n();
  const [, navigate] = useLocation();
  const [id, setId] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = id.trim();
    if (value === '') {
      setError(t('adminPreviewIdRequired'));
      return;
    }
    navigate(path(routeKey, { id: value }));
  };
  return (
    <form className="card admin-preview__form" onSubmit={submit} noValidate>
      <Field id="admin-preview-id" label={fieldLabel} value={id} error={error} onChange={(event) => setId(event.target.value)} autoComplete="off" />
      <button type="submit" className="button">
        {t('adminPreviewOpen')}
      </button>
    </form>
  );
}

/** Every key of the route table with its path (pattern) in the active language's set; a link where it takes no param. */
function RouteTable() {
  const { t, routeLocale } = useI18n();
  const table = ROUTE_TABLES[routeLocale];
  return (
    <table className="admin-preview__table">
      <caption>{t('adminPreviewRoutesCaption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('adminPreviewRouteKey')}</th>
          <th scope="col">{t('adminPreviewRoutePath')}</th>
        </tr>
      </thead>
      <tbody>
        {ROUTE_KEYS.map((key) => (
          <tr key={key}>
            <th scope="row">
              <code>{key}</code>
            </th>
            <td dir="ltr">{table[key].includes(':') ? <code>{table[key]}</code> : <Link href={table[key]}>{table[key]}</Link>}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
