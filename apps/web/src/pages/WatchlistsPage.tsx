import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, Redirect, useLocation, useSearch } from 'wouter';
import { useResource } from '@stream/react';
import { routeAccess, watchlistShareToken } from '@stream/core/domain';
import { connectWatchlistEditor, watchlistEditorCalls, watchlistEditorMachine, type WatchlistEditorApi } from '@stream/core/machines';
import { RESOURCE_KEYS } from '@stream/core/resources';
import { useFlow } from '@stream/react';
import { useI18n, useServices } from '../app/context';
import { useDocumentTitle, useSession } from '../app/hooks';
import { Artwork } from '../components/Artwork';
import { InlineError, InlineStatus, LoadingScreen } from '../components/StatusScreen';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { ShareLink } from '../components/ShareLink';
import { useDragReorder, type DragState } from '../watchlists/dragReorder';
import '../styles/watchlists.css';
import '../styles/library.css';

/** The query parameter of an opened list (`/watchlists?list=<id>`); a shared one is opened by `?share=<token>`. */
const LIST_PARAM = 'list';

/**
 * WATCHLISTS (`/watchlists`; docs/api.md "Watchlists"): the viewer's library of lists (owned and
 * saved) with a form that makes a new one; `?list=<id>` opens a list (its items paged, remove,
 * keyboard reorder, rename, delete, the share link); `?share=<token>` opens another account's
 * list read-only, to save to the library or take out. Signed-in only: a guest goes to sign in and
 * comes back to the same address (the share token kept).
 */
export default function WatchlistsPage() {
  const { t, routeLocale } = useI18n();
  const { status, user } = useSession();
  const [pathname] = useLocation();
  const search = useSearch();
  useDocumentTitle(t('watchlistsTitle'), t('appName'));

  if (status === 'loading') return <LoadingScreen label={t('watchlistsLoading')} />;
  const viewer = status === 'signedIn' && user ? 'signedIn' : 'guest';
  const access = routeAccess('WATCHLISTS', viewer, pathname + (search ? `?${search}` : ''), routeLocale);
  if (access.kind === 'redirect' || !user) return <Redirect to={access.kind === 'redirect' ? access.path : '/'} replace />;

  const shareToken = watchlistShareToken(search ? `?${search}` : '') ?? undefined;
  const listId = new URLSearchParams(search).get(LIST_PARAM) ?? undefined;
  return (
    <div className="page watchlists-page" key={user.id}>
      {shareToken || listId ? <WatchlistView key={shareToken ?? listId} shareToken={shareToken} watchlistId={shareToken ? undefined : listId} /> : <Library />}
    </div>
  );
}

/** The viewer's lists (`queries.watchlists.list()`) and the form that makes a new one. */
function Library() {
  const { t, path } = useI18n();
  const { queries, resources } = useServices();
  // Lists change on other pages (a list opened and renamed, saved, deleted): read them again on arrival.
  useEffect(() => resources.invalidate(RESOURCE_KEYS.watchlists), [resources]);
  const lists = useResource(queries.watchlists.list());
  return (
    <>
      <h1>{t('watchlistsTitle')}</h1>
      <CreateWatchlist />
      <section aria-labelledby="my-watchlists" aria-busy={lists.status === 'loading' || undefined}>
        <h2 id="my-watchlists">{t('watchlistsMine')}</h2>
        {lists.status === 'loading' ? (
          <ul className="watchlist-cards" aria-hidden="true">
            {[0, 1, 2].map((n) => (
              <li key={n} className="watchlist-card skeleton" />
            ))}
          </ul>
        ) : lists.status === 'failed' || !lists.data ? (
          <InlineError message={t('watchlistsLoadFailed')} retryLabel={t('retry')} onRetry={lists.reload} />
        ) : lists.data.watchlists.length === 0 ? (
          <p>{t('watchlistsEmpty')}</p>
        ) : (
          <ul className="watchlist-cards">
            {lists.data.watchlists.map((list) => (
              <li key={list.watchlistExternalId} className="watchlist-card">
                <Link href={`${path('WATCHLISTS')}?${LIST_PARAM}=${encodeURIComponent(list.watchlistExternalId)}`}>
                  <span className="watchlist-card__name">{list.name}</span>
                </Link>
                <span className="watchlist-card__meta">
                  {t('watchlistItemCount', { count: String(list.itemCount) })}
                  {list.ownership === 'SHARED' ? ` · ${t('watchlistSharedBadge')}` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** The name form of a new list: core's editor machine in its `new` state; once made, the list opens. */
function CreateWatchlist() {
  const { t, path, tError } = useI18n();
  const { api } = useServices();
  const [, navigate] = useLocation();
  const input = useMemo(() => ({ calls: watchlistEditorCalls(api) }), [api]);
  const [editor] = useFlow(watchlistEditorMachine, { input, connect: connectWatchlistEditor });
  const [name, setName] = useState('');
  const id = useId();
  useEffect(() => {
    if (editor.watchlistId) navigate(`${path('WATCHLISTS')}?${LIST_PARAM}=${encodeURIComponent(editor.watchlistId)}`);
  }, [editor.watchlistId, navigate, path]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) editor.create(name);
  };
  const busy = editor.status === 'creating';
  return (
    <form className="watchlist-create" onSubmit={submit} aria-busy={busy || undefined}>
      <label htmlFor={`${id}-name`}>{t('watchlistNewName')}</label>
      <div className="watchlist-create__row">
        <input id={`${id}-name`} value={name} maxLength={100} required onChange={(event) => setName(event.target.value)} />
        <button type="submit" className="button" disabled={busy}>
          {t('watchlistCreate')}
        </button>
      </div>
      {editor.errorKey ? (
        <p role="alert" className="alert">
          {tError(editor.errorKey)}
        </p>
      ) : null}
    </form>
  );
}

/** One list, opened by its id or its share token: core's watchlist editor machine. */
function WatchlistView({ watchlistId, shareToken }: { watchlistId: string | undefined; shareToken: string | undefined }) {
  const { t, tError, path } = useI18n();
  const { api } = useServices();
  const input = useMemo(() => ({ calls: watchlistEditorCalls(api), watchlistId, shareToken }), [api, watchlistId, shareToken]);
  const [editor] = useFlow(watchlistEditorMachine, { input, connect: connectWatchlistEditor });
  useDocumentTitle(editor.name || t('watchlistsTitle'), t('appName'));

  if (editor.status === 'loading') {
    return (
      <div aria-busy="true">
        <InlineStatus label={t('watchlistLoading')} />
        <ul className="watchlist-items" aria-hidden="true">
          {[0, 1, 2].map((n) => (
            <li key={n} className="watchlist-item skeleton" />
          ))}
        </ul>
      </div>
    );
  }
  if (editor.status === 'failed') {
    return (
      <>
        <p>
          <Link href={path('WATCHLISTS')}>{t('watchlistsBack')}</Link>
        </p>
        <InlineError message={tError(editor.errorKey ?? 'unknownError')} retryLabel={t('retry')} onRetry={editor.reload} />
      </>
    );
  }
  return <WatchlistDetails editor={editor} />;
}

/**
 * An item's class names: with a drag handle when the list may be reordered; while a drag is under
 * way, the dragged item, and the item where it would land marked on the side it would go.
 */
function itemClass(index: number, drag: DragState | null, draggable: boolean): string {
  const names = ['watchlist-item'];
  if (draggable) names.push('watchlist-item--draggable');
  if (drag && index === drag.from) names.push('watchlist-item--dragging');
  if (drag && index === drag.to && drag.to !== drag.from) names.push(drag.to < drag.from ? 'watchlist-item--drop-before' : 'watchlist-item--drop-after');
  return names.join(' ');
}

function WatchlistDetails({ editor }: { editor: WatchlistEditorApi }) {
  const { t, tError, path } = useI18n();
  const { queries } = useServices();
  const [, navigate] = useLocation();
  const can = (action: WatchlistEditorApi['allowed'][number]) => editor.allowed.includes(action);
  const [notice, setNotice] = useState('');
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const itemsRef = useRef<HTMLOListElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [deleting, setDeleting] = useState(false);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const deleteOpener = useRef<HTMLButtonElement>(null);
  // "Show more": focus goes to the first new item once it shows.
  const firstNew = useRef<number | null>(null);
  useEffect(() => {
    const index = firstNew.current;
    if (index === null || editor.content.length <= index) return;
    firstNew.current = null;
    itemsRef.current?.querySelectorAll<HTMLElement>('.watchlist-item')[index]?.focus();
  }, [editor.content.length]);

  // After a move, focus follows the moved item's pressed button (found by its data key).
  useEffect(() => {
    if (!focusKey) return;
    const target = itemsRef.current?.querySelector<HTMLElement>(`[data-focus-key="${CSS.escape(focusKey)}"]`);
    if (target && !target.hasAttribute('disabled')) target.focus();
    else itemsRef.current?.querySelector<HTMLElement>(`[data-item="${CSS.escape(focusKey.split('|')[0] ?? '')}"] button:not([disabled])`)?.focus();
    setFocusKey(null);
  }, [focusKey, editor.content]);

  const shareUrl = editor.shareablePath ? new URL(editor.shareablePath, window.location.origin).toString() : '';
  const owned = editor.ownership === 'OWNED';

  /** Moves item `index` to `to` (a keyboard move or a drag) and says where it went. */
  const moveTo = (index: number, to: number) => {
    const item = editor.content[index];
    if (!item || to < 0 || to >= editor.content.length || to === index) return undefined;
    editor.move(index, to);
    setNotice(t('watchlistMoved', { title: item.title ?? item.id, position: String(to + 1), count: String(editor.content.length) }));
    return item;
  };

  const move = (index: number, direction: 'up' | 'down') => {
    const item = moveTo(index, direction === 'up' ? index - 1 : index + 1);
    if (item) setFocusKey(`${item.type}:${item.id}|${direction}`);
  };

  // Pointer drag by each item's handle: the same move as the keyboard's, announced the same way.
  const { drag, handleProps } = useDragReorder(itemsRef, ':scope > .watchlist-item', moveTo);

  const remove = (index: number) => {
    const item = editor.content[index];
    if (!item) return;
    editor.remove(item);
    setNotice(t('watchlistItemRemoved', { title: item.title ?? item.id }));
    const next = editor.content[index + 1] ?? editor.content[index - 1];
    if (next) setFocusKey(`${next.type}:${next.id}|remove`);
    else headingRef.current?.focus();
  };

  const confirmDelete = async () => {
    if (!editor.watchlistId || !editor.ownerId) return;
    setDeleteBusy(true);
    setDeleteError(null);
    try {
      await queries.watchlists.remove(editor.ownerId, editor.watchlistId);
    } catch (error) {
      console.error(error);
      setDeleteError(t('watchlistDeleteFailed'));
      setDeleteBusy(false);
      return;
    }
    setDeleteBusy(false);
    setDeleting(false);
    navigate(path('WATCHLISTS'), { replace: true });
  };

  return (
    <>
      <p>
        <Link href={path('WATCHLISTS')}>{t('watchlistsBack')}</Link>
      </p>
      <h1 ref={headingRef} tabIndex={-1}>
        {editor.name}
      </h1>
      <p className="watchlist-meta">
        {t('watchlistItemCount', { count: String(editor.totalCount) })}
        {!owned ? ` · ${t('watchlistSharedBadge')}` : ''}
      </p>
      <p role="status" className="status-note">
        {notice}
      </p>
      {editor.errorKey ? (
        <div role="alert" className="alert">
          <p>{tError(editor.errorKey)}</p>
          {/* A list changed elsewhere is read again (Retry); any other refusal is dismissed. */}
          <button type="button" className="button button--secondary" onClick={editor.errorKey === 'watchlistChanged' ? editor.reload : editor.dismiss}>
            {t(editor.errorKey === 'watchlistChanged' ? 'retry' : 'watchlistDismiss')}
          </button>
        </div>
      ) : null}

      <div className="watchlist-actions">
        {can('rename') ? <RenameWatchlist editor={editor} /> : null}
        {can('save') && !editor.saved ? (
          <button type="button" className="button" onClick={() => { editor.save(); setNotice(t('watchlistSavedNotice')); }}>
            {t('watchlistSave')}
          </button>
        ) : null}
        {can('unsave') && editor.saved && !owned ? (
          <button type="button" className="button button--secondary" onClick={() => { editor.unsave(); setNotice(t('watchlistUnsavedNotice')); }}>
            {t('watchlistUnsave')}
          </button>
        ) : null}
        {can('delete') ? (
          <button ref={deleteOpener} type="button" className="button button--danger" onClick={() => { setDeleteError(null); setDeleting(true); }}>
            {t('watchlistDelete')}
          </button>
        ) : null}
      </div>

      {owned && shareUrl ? <WatchlistShareLink url={shareUrl} /> : null}

      {editor.content.length === 0 ? (
        <p>{t('watchlistNoItems')}</p>
      ) : (
        <ol className="watchlist-items" ref={itemsRef} aria-label={t('watchlistItemsLabel', { name: editor.name })}>
          {editor.content.map((item, index) => {
            const key = `${item.type}:${item.id}`;
            const title = item.title ?? item.id;
            return (
              <li key={key} className={itemClass(index, drag, can('reorder'))} data-item={key} tabIndex={-1}>
                {can('reorder') ? (
                  <span className="watchlist-item__drag" aria-hidden="true" title={t('watchlistDragHandle', { title })} data-drag-handle="" {...handleProps(index)}>
                    <svg viewBox="0 0 12 20" width="12" height="20" focusable="false">
                      <circle cx="3" cy="4" r="1.6" /><circle cx="9" cy="4" r="1.6" /><circle cx="3" cy="10" r="1.6" />
                      <circle cx="9" cy="10" r="1.6" /><circle cx="3" cy="16" r="1.6" /><circle cx="9" cy="16" r="1.6" />
                    </svg>
                  </span>
                ) : null}
                <Artwork template={item.thumbnailUrl} shape="thumbnail" sizes="(max-width: 600px) 30vw, 160px" className="watchlist-item__art" />
                <span className="watchlist-item__title">{title}</span>
                {can('reorder') || can('removeContent') ? (
                  <span className="watchlist-item__buttons">
                    {can('reorder') ? (
                      <>
                        <button
                          type="button"
                          className="button button--secondary"
                          data-focus-key={`${key}|up`}
                          disabled={index === 0}
                          aria-label={t('watchlistMoveUp', { title })}
                          onClick={() => move(index, 'up')}
                        >
                          {t('watchlistMoveUpShort')}
                        </button>
                        <button
                          type="button"
                          className="button button--secondary"
                          data-focus-key={`${key}|down`}
                          disabled={index === editor.content.length - 1}
                          aria-label={t('watchlistMoveDown', { title })}
                          onClick={() => move(index, 'down')}
                        >
                          {t('watchlistMoveDownShort')}
                        </button>
                      </>
                    ) : null}
                    {can('removeContent') ? (
                      <button
                        type="button"
                        className="button button--secondary"
                        data-focus-key={`${key}|remove`}
                        aria-label={t('watchlistRemoveItem', { title })}
                        onClick={() => remove(index)}
                      >
                        {t('watchlistRemoveItemShort')}
                      </button>
                    ) : null}
                  </span>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
      {editor.canLoadMore || editor.status === 'loadingMore' ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={editor.status === 'loadingMore'}
          onClick={() => {
            firstNew.current = editor.content.length;
            editor.loadMore();
          }}
        >
          {t('moreItems')}
        </button>
      ) : null}
      <ConfirmDialog
        open={deleting}
        title={t('watchlistDeleteTitle', { name: editor.name })}
        text={t('watchlistDeleteText')}
        confirmLabel={t('watchlistDeleteConfirm')}
        busyLabel={t('watchlistDeleting')}
        cancelLabel={t('watchlistDeleteCancel')}
        busy={deleteBusy}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => {
          setDeleting(false);
          deleteOpener.current?.focus();
        }}
      />
    </>
  );
}

/** The rename form (owner only): the name shows at once (the editor is optimistic). */
function RenameWatchlist({ editor }: { editor: WatchlistEditorApi }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(editor.name);
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);
  if (!open) {
    return (
      <button ref={openerRef} type="button" className="button button--secondary" onClick={() => { setName(editor.name); setOpen(true); }}>
        {t('watchlistRename')}
      </button>
    );
  }
  const close = () => {
    setOpen(false);
    requestAnimationFrame(() => openerRef.current?.focus());
  };
  return (
    <form
      className="watchlist-rename"
      onSubmit={(event) => {
        event.preventDefault();
        if (!name.trim()) return;
        editor.rename(name);
        close();
      }}
    >
      <label htmlFor={`${id}-rename`}>{t('watchlistRenameLabel')}</label>
      <input ref={inputRef} id={`${id}-rename`} value={name} maxLength={100} required onChange={(event) => setName(event.target.value)} />
      <button type="submit" className="button">
        {t('watchlistRenameSave')}
      </button>
      <button type="button" className="button button--secondary" onClick={close}>
        {t('watchlistRenameCancel')}
      </button>
    </form>
  );
}

/** The list's share link, in full, and a button that copies it. */
function WatchlistShareLink({ url }: { url: string }) {
  const { t } = useI18n();
  return <ShareLink url={url} label={t('watchlistShareLink')} copyLabel={t('watchlistCopyLink')} copiedLabel={t('watchlistLinkCopied')} />;
}
