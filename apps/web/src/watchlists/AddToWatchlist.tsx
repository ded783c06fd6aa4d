import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useResource, useFlow } from '@stream/react';
import type { TitleType } from '@stream/core/contracts';
import { connectWatchlistEditor, watchlistEditorCalls, watchlistEditorMachine } from '@stream/core/machines';
import { RESOURCE_KEYS } from '@stream/core/resources';
import { useI18n, useServices } from '../app/context';
import { useSession } from '../app/hooks';
import '../styles/watchlists.css';

/** The most lists the menu offers (the library's first page). */
const MENU_LISTS = 100;

/** Where the title goes: an existing list (`watchlistId`) or a new one named `name`. */
type Target = { watchlistId: string; name: string; isNew: false } | { watchlistId: undefined; name: string; isNew: true };

/**
 * "Add to watchlist" on a title's page (docs/api.md "Watchlists"): a disclosure button that opens
 * a small menu of the viewer's own lists (`queries.watchlists.list`) and "New list" (a name
 * field); choosing one adds the title through core's watchlist editor machine (made first for a
 * new list). The outcome is announced in a status line; focus goes back to the button. Shown
 * to signed-in viewers only.
 */
export function AddToWatchlist({ title }: { title: { id: string; type: TitleType } }) {
  const { isSignedIn } = useSession();
  return isSignedIn ? <AddToWatchlistMenu title={title} /> : null;
}

function AddToWatchlistMenu({ title }: { title: { id: string; type: TitleType } }) {
  const { t } = useI18n();
  const { queries, resources } = useServices();
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const [newName, setNewName] = useState('');
  const [target, setTarget] = useState<(Target & { run: number }) | null>(null);
  const [notice, setNotice] = useState('');
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const id = useId();
  const lists = useResource(open ? queries.watchlists.list({ rpp: MENU_LISTS }) : null);
  const owned = lists.data?.watchlists.filter((list) => list.ownership === 'OWNED') ?? [];

  useEffect(() => {
    if (open) menuRef.current?.querySelector<HTMLElement>('button, input')?.focus();
  }, [open, lists.status, creating]);

  const close = () => {
    setOpen(false);
    setCreating(false);
    buttonRef.current?.focus();
  };
  const choose = (next: Target) => {
    setTarget({ ...next, run: (target?.run ?? 0) + 1 });
    setNotice('');
    close();
  };
  const submitNew = (event: FormEvent) => {
    event.preventDefault();
    if (newName.trim()) choose({ watchlistId: undefined, name: newName.trim(), isNew: true });
    setNewName('');
  };

  return (
    <div
      className="watchlist-menu"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="button button--secondary"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        onClick={() => (open ? close() : setOpen(true))}
      >
        {t('addToWatchlist')}
      </button>
      {open ? (
        <ul id={`${id}-menu`} ref={menuRef} className="watchlist-menu__list" aria-label={t('addToWatchlist')}>
          {lists.status === 'loading' ? (
            <li>{t('addToWatchlistLoading')}</li>
          ) : lists.status === 'failed' ? (
            <li>
              <button type="button" className="button button--secondary" onClick={lists.reload}>
                {t('retry')}
              </button>
            </li>
          ) : (
            owned.map((list) => (
              <li key={list.watchlistExternalId}>
                <button type="button" className="button button--secondary" onClick={() => choose({ watchlistId: list.watchlistExternalId, name: list.name, isNew: false })}>
                  {list.name}
                </button>
              </li>
            ))
          )}
          <li>
            {creating ? (
              <form onSubmit={submitNew} className="watchlist-create">
                <label htmlFor={`${id}-name`}>{t('watchlistNewName')}</label>
                <input id={`${id}-name`} value={newName} maxLength={100} required onChange={(event) => setNewName(event.target.value)} />
                <button type="submit" className="button">
                  {t('watchlistCreate')}
                </button>
              </form>
            ) : (
              <button type="button" className="button button--secondary" onClick={() => setCreating(true)}>
                {t('addToWatchlistNew')}
              </button>
            )}
          </li>
        </ul>
      ) : null}
      <p role="status" className="status-note">
        {notice}
      </p>
      {target ? (
        <AddRun
          key={target.run}
          target={target}
          content={{ id: title.id, contentType: title.type }}
          onDone={(ok) => {
            setNotice(t(ok ? 'addToWatchlistAdded' : 'addToWatchlistFailed', { name: target.name }));
            if (ok) resources.invalidate(RESOURCE_KEYS.watchlists);
            setTarget(null);
          }}
        />
      ) : null}
    </div>
  );
}

/** One addition: the editor machine on the chosen list (or a new one), which adds the title once the list is read. */
function AddRun({ target, content, onDone }: { target: Target; content: { id: string; contentType: TitleType }; onDone(ok: boolean): void }) {
  const { api } = useServices();
  const input = useMemo(() => ({ calls: watchlistEditorCalls(api), watchlistId: target.watchlistId }), [api, target.watchlistId]);
  const [editor] = useFlow(watchlistEditorMachine, { input, connect: connectWatchlistEditor });
  const phase = useRef<'start' | 'creating' | 'adding' | 'done'>('start');
  useEffect(() => {
    if (phase.current === 'done') return;
    if (editor.status === 'new' && phase.current === 'start' && target.isNew) {
      phase.current = 'creating';
      editor.create(target.name);
    } else if ((editor.status === 'new' && phase.current === 'creating') || editor.status === 'failed') {
      phase.current = 'done';
      onDone(false);
    } else if (editor.status === 'ready' && phase.current !== 'adding') {
      phase.current = 'adding';
      editor.add(content);
    } else if (editor.status === 'ready' && phase.current === 'adding') {
      const added = editor.content.some((item) => item.id === content.id);
      if (editor.errorKey || added) {
        phase.current = 'done';
        onDone(!editor.errorKey && added);
      }
    }
  });
  return null;
}
