/**
 * Generates docs/flows/: one Markdown page per machine (Mermaid `stateDiagram-v2` chart, states,
 * events, guards, actors, delays, actions, description) plus README.md, all read from the machine
 * definitions themselves (`machine.root` state nodes and their transitions), never hand-drawn.
 *
 * Run: `pnpm flows` (or `cd packages/core && npx tsx scripts/flows.ts`). `--check` writes nothing
 * and exits 1 when a page is out of date. The test `src/machines/flows.test.ts` regenerates the
 * pages in memory and compares them with the files, so the docs never drift from the machines.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import {
  idSignInMachine,
  labelsMachine,
  paymentMachine,
  playbackMachine,
  priceMigrationMachine,
  purchaseJourneyMachine,
  cardUpdateMachine,
  sessionMachine,
  signUpMachine,
  subscriptionMachine,
  passwordResetMachine,
  pinPadMachine,
  parentalSettingsMachine,
  magicLinkMachine,
  emailConfirmationMachine,
  oidcSignInMachine,
  impersonationMachine,
  pbrSignInMachine,
  opinSignInMachine,
  gigyaSignInMachine,
  socialSignInMachine,
  accountLinkMachine,
  linkedAccountsMachine,
  firebaseSignInMachine,
  adobeRegistrationMachine,
  tvProviderSignInMachine,
  licenceRedirectMachine,
  tvDeviceLoginMachine,
  tvDevicePinMachine,
  videoPlayerMachine,
  searchMachine,
  carouselMachine,
  watchlistEditorMachine,
  favouriteToggleMachine,
  profilePickerMachine,
  profileEditorMachine,
  preferencesMachine,
  historyReporterMachine,
  streamLeaseMachine,
  giftRedemptionMachine,
  giftOrderMachine,
  multiViewMachine,
  watchTogetherMachine,
} from '../src/machines/index.js';

/** A documented machine: its page name, source file and the machine itself. */
export interface FlowEntry {
  /** Page name: `docs/flows/<name>.md`. */
  name: string;
  /** Source file, relative to the repository root. */
  source: string;
  machine: AnyStateMachine;
}

/** Every machine that gets a page, in index order. */
export const FLOWS: readonly FlowEntry[] = [
  { name: 'session', source: 'packages/core/src/machines/session/session.machine.ts', machine: sessionMachine },
  { name: 'idSignIn', source: 'packages/core/src/machines/idSignIn/idSignIn.machine.ts', machine: idSignInMachine },
  { name: 'signUp', source: 'packages/core/src/machines/signUp/signUp.machine.ts', machine: signUpMachine },
  { name: 'labels', source: 'packages/core/src/machines/labels/labels.machine.ts', machine: labelsMachine },
  { name: 'subscription', source: 'packages/core/src/machines/subscription/subscription.machine.ts', machine: subscriptionMachine },
  { name: 'priceMigration', source: 'packages/core/src/machines/priceMigration/priceMigration.machine.ts', machine: priceMigrationMachine },
  { name: 'playback', source: 'packages/core/src/machines/player/player.machine.ts', machine: playbackMachine },
  { name: 'videoPlayer', source: 'packages/core/src/machines/videoPlayer/videoPlayer.machine.ts', machine: videoPlayerMachine },
  { name: 'search', source: 'packages/core/src/machines/search/search.machine.ts', machine: searchMachine },
  { name: 'carousel', source: 'packages/core/src/machines/carousel/carousel.machine.ts', machine: carouselMachine },
  { name: 'payment', source: 'packages/core/src/machines/payment/payment.machine.ts', machine: paymentMachine },
  { name: 'purchaseJourney', source: 'packages/core/src/machines/purchaseJourney/purchaseJourney.machine.ts', machine: purchaseJourneyMachine },
  { name: 'cardUpdate', source: 'packages/core/src/machines/cardUpdate/cardUpdate.machine.ts', machine: cardUpdateMachine },
  { name: 'passwordReset', source: 'packages/core/src/machines/passwordReset/passwordReset.machine.ts', machine: passwordResetMachine },
  { name: 'pinPad', source: 'packages/core/src/machines/pinPad/pinPad.machine.ts', machine: pinPadMachine },
  { name: 'parentalSettings', source: 'packages/core/src/machines/parentalSettings/parentalSettings.machine.ts', machine: parentalSettingsMachine },
  { name: 'magicLink', source: 'packages/core/src/machines/magicLink/magicLink.machine.ts', machine: magicLinkMachine },
  { name: 'emailConfirmation', source: 'packages/core/src/machines/emailConfirmation/emailConfirmation.machine.ts', machine: emailConfirmationMachine },
  { name: 'oidcSignIn', source: 'packages/core/src/machines/oidcSignIn/oidcSignIn.machine.ts', machine: oidcSignInMachine },
  { name: 'impersonation', source: 'packages/core/src/machines/impersonation/impersonation.machine.ts', machine: impersonationMachine },
  { name: 'providerSignIn', source: 'packages/core/src/machines/providerSignIn/providerSignIn.machine.ts', machine: pbrSignInMachine },
  { name: 'opinSignIn', source: 'packages/core/src/machines/tokenSignIn/tokenSignIn.machine.ts', machine: opinSignInMachine },
  { name: 'gigyaSignIn', source: 'packages/core/src/machines/tokenSignIn/tokenSignIn.machine.ts', machine: gigyaSignInMachine },
  { name: 'socialSignIn', source: 'packages/core/src/machines/socialSignIn/socialSignIn.machine.ts', machine: socialSignInMachine },
  { name: 'accountLink', source: 'packages/core/src/machines/accountLink/accountLink.machine.ts', machine: accountLinkMachine },
  { name: 'linkedAccounts', source: 'packages/core/src/machines/accountLink/accountLink.linked.ts', machine: linkedAccountsMachine },
  { name: 'firebaseSignIn', source: 'packages/core/src/machines/firebaseSignIn/firebaseSignIn.machine.ts', machine: firebaseSignInMachine },
  { name: 'adobeRegistration', source: 'packages/core/src/machines/adobeRegistration/adobeRegistration.machine.ts', machine: adobeRegistrationMachine },
  { name: 'tvProviderSignIn', source: 'packages/core/src/machines/tvProviderSignIn/tvProviderSignIn.machine.ts', machine: tvProviderSignInMachine },
  { name: 'licenceRedirect', source: 'packages/core/src/machines/tvProviderSignIn/tvProviderSignIn.licence.ts', machine: licenceRedirectMachine },
  { name: 'tvDeviceLogin', source: 'packages/core/src/machines/tvDeviceLogin/tvDeviceLogin.machine.ts', machine: tvDeviceLoginMachine },
  { name: 'tvDevicePin', source: 'packages/core/src/machines/tvDeviceLogin/tvDeviceLogin.machine.ts', machine: tvDevicePinMachine },
  { name: 'watchlistEditor', source: 'packages/core/src/machines/watchlistEditor/watchlistEditor.machine.ts', machine: watchlistEditorMachine },
  { name: 'favouriteToggle', source: 'packages/core/src/machines/favouriteToggle/favouriteToggle.machine.ts', machine: favouriteToggleMachine },
  { name: 'profilePicker', source: 'packages/core/src/machines/profilePicker/profilePicker.machine.ts', machine: profilePickerMachine },
  { name: 'profileEditor', source: 'packages/core/src/machines/profileEditor/profileEditor.machine.ts', machine: profileEditorMachine },
  { name: 'preferences', source: 'packages/core/src/machines/preferences/preferences.machine.ts', machine: preferencesMachine },
  { name: 'historyReporter', source: 'packages/core/src/machines/historyReporter/historyReporter.machine.ts', machine: historyReporterMachine },
  { name: 'streamLease', source: 'packages/core/src/machines/streamLease/streamLease.machine.ts', machine: streamLeaseMachine },
  { name: 'giftRedemption', source: 'packages/core/src/machines/giftRedemption/giftRedemption.machine.ts', machine: giftRedemptionMachine },
  { name: 'giftOrder', source: 'packages/core/src/machines/giftOrder/giftOrder.machine.ts', machine: giftOrderMachine },
  { name: 'multiView', source: 'packages/core/src/machines/multiView/multiView.machine.ts', machine: multiViewMachine },
  { name: 'watchTogether', source: 'packages/core/src/machines/watchTogether/watchTogether.machine.ts', machine: watchTogetherMachine },
];

/** Absolute path of docs/flows in this repository. */
export const FLOWS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../docs/flows');

const GENERATED_NOTE = '<!-- Generated by packages/core/scripts/flows.ts from the machine definitions. Do not edit: run `pnpm flows`. -->';

/** One transition, flattened for rendering. */
interface Edge {
  /** Source state id (`*` for a transition declared on the machine root: "any state"). */
  from: string;
  /** Target state ids; empty when the transition has no target (actions only). */
  to: string[];
  /** Display label of the trigger: an event type, `always`, `after <delay>`, `done(<id>)`, `error(<id>)`. */
  trigger: string;
  /** Raw event type, for the events table; null for `always` and internal xstate events. */
  event: string | null;
  guard: string | null;
  actions: string[];
  reenter: boolean;
}

const ANY = '*';

function stateId(node: AnyStateNode): string {
  return node.path.join('.');
}

function mermaidId(id: string): string {
  return id === ANY ? 'anyState' : id.replace(/[^A-Za-z0-9_]/g, '_');
}

function nameOf(item: unknown): string {
  if (typeof item === 'string') return item;
  if ((typeof item === 'object' || typeof item === 'function') && item !== null && 'type' in item) {
    const type = (item as { type: unknown }).type;
    if (typeof type === 'string') return type;
  }
  if (typeof item === 'function') return item.name && item.name !== 'anonymous' ? `${item.name}()` : 'inline';
  return 'inline';
}

/** Names of the actions a user wrote; XState's own (the `raise` behind `after`) are left out. */
function actionNames(actions: readonly unknown[] | undefined): string[] {
  return (actions ?? []).map(nameOf).filter((name) => !name.startsWith('xstate.'));
}

function triggerOf(eventType: string, delay: unknown): { trigger: string; event: string | null } {
  if (eventType === '') return { trigger: 'always', event: null };
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (done) return { trigger: `done(${done[1]})`, event: null };
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (error) return { trigger: `error(${error[1]})`, event: null };
  if (eventType.startsWith('xstate.after.')) return { trigger: `after ${nameOf(delay)}`, event: null };
  return { trigger: eventType, event: eventType };
}

interface TransitionLike {
  eventType: string;
  target?: readonly AnyStateNode[] | undefined;
  guard?: unknown;
  actions?: readonly unknown[];
  reenter?: boolean;
  delay?: unknown;
}

function edgeOf(from: string, t: TransitionLike): Edge {
  const { trigger, event } = triggerOf(t.eventType, t.delay);
  return {
    from,
    to: (t.target ?? []).map(stateId),
    trigger,
    event,
    guard: t.guard === undefined ? null : nameOf(t.guard),
    actions: actionNames(t.actions),
    reenter: t.reenter === true,
  };
}

function nodeEdges(node: AnyStateNode, from: string): Edge[] {
  const edges: Edge[] = [];
  for (const t of node.always ?? []) edges.push(edgeOf(from, { ...t, eventType: '' }));
  for (const [, list] of node.transitions) for (const t of list) edges.push(edgeOf(from, t));
  return edges;
}

function descendants(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states).flatMap((child) => [child, ...descendants(child)]);
}

function label(edge: Edge): string {
  return edge.guard ? `${edge.trigger} [${edge.guard}]` : edge.trigger;
}

/** Marks a guardless transition that follows guarded ones of the same trigger as `else`. */
function markElse(edges: Edge[]): Edge[] {
  return edges.map((edge, index) => {
    if (edge.guard !== null) return edge;
    const guardedBefore = edges
      .slice(0, index)
      .some((other) => other.from === edge.from && other.trigger === edge.trigger && other.guard !== null);
    return guardedBefore ? { ...edge, guard: 'else' } : edge;
  });
}

function code(text: string): string {
  return `\`${text}\``;
}

function list(items: readonly string[]): string {
  return items.length === 0 ? '—' : items.map(code).join(', ');
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n+/g, ' ');
}

/** Renders the page of one machine. Deterministic: same machine, same text. */
export function renderFlowPage(entry: FlowEntry): string {
  const { machine } = entry;
  const root = machine.root;
  const states = descendants(root);
  const rootEdges = nodeEdges(root, ANY);
  const stateEdges = states.flatMap((node) => nodeEdges(node, stateId(node)));
  const edges = markElse([...rootEdges, ...stateEdges]);
  const impl = machine.implementations;

  const lines: string[] = [];
  lines.push(GENERATED_NOTE, '', `# Flow: ${entry.name}`, '');
  lines.push(cell(root.description ?? '(no description)'), '');
  lines.push(`Machine id ${code(root.id)}; source ${code(entry.source)}.`, '');

  // Chart.
  lines.push('## State chart', '', '```mermaid', 'stateDiagram-v2');
  if (rootEdges.length > 0) {
    lines.push('  state "any state" as anyState');
    lines.push('  classDef anyStyle fill:#f4f4f4,stroke-dasharray:4 4');
    lines.push('  class anyState anyStyle');
  }
  const initial = root.initial?.target?.[0];
  if (initial) lines.push(`  [*] --> ${mermaidId(stateId(initial))}`);
  for (const edge of edges) {
    const targets = edge.to.length > 0 ? edge.to : [edge.from];
    for (const target of targets) lines.push(`  ${mermaidId(edge.from)} --> ${mermaidId(target)}: ${label(edge)}`);
  }
  for (const node of states) if (node.type === 'final') lines.push(`  ${mermaidId(stateId(node))} --> [*]`);
  lines.push('```', '');
  if (rootEdges.length > 0) {
    lines.push('"any state" stands for transitions declared on the machine itself: they apply in every state.', '');
  }

  // States.
  lines.push('## States', '', '| State | Description | Invokes | Delays | Entry actions |', '|---|---|---|---|---|');
  for (const node of states) {
    const name = code(stateId(node)) + (node === initial ? ' (initial)' : '') + (node.type === 'final' ? ' (final)' : '');
    const invokes = node.invoke.map((inv: { src: unknown; id: string }) =>
      nameOf(inv.src) === inv.id ? inv.id : `${nameOf(inv.src)} as ${inv.id}`,
    );
    const delays = [...new Set(node.after.map((t: { delay?: unknown }) => nameOf(t.delay)))];
    const entryActions = actionNames(node.entry);
    lines.push(
      `| ${name} | ${cell(node.description ?? '')} | ${list(invokes)} | ${list(delays)} | ${list(entryActions)} |`,
    );
  }
  lines.push('');

  // Transitions by trigger.
  lines.push('## Transitions', '', 'In order of priority: the first transition whose guard passes is taken.', '');
  lines.push('| From | On | Guard | To | Actions |', '|---|---|---|---|---|');
  for (const edge of edges) {
    const to = edge.to.length > 0 ? edge.to.join(', ') + (edge.reenter ? ' (re-entered)' : '') : '(stays)';
    lines.push(
      `| ${edge.from === ANY ? 'any state' : code(edge.from)} | ${code(edge.trigger)} | ${edge.guard === null ? '—' : edge.guard === 'else' ? 'else' : code(edge.guard)} | ${edge.to.length > 0 ? code(to) : to} | ${list(edge.actions)} |`,
    );
  }
  lines.push('');

  // Events.
  const events = [...new Set(edges.map((e) => e.event).filter((e): e is string => e !== null))].sort();
  lines.push('## Events', '', '| Event | Handled in |', '|---|---|');
  for (const event of events) {
    const where = [...new Set(edges.filter((e) => e.event === event).map((e) => (e.from === ANY ? 'any state' : e.from)))];
    lines.push(`| ${code(event)} | ${where.join(', ')} |`);
  }
  lines.push('');

  // Named implementations.
  const usedIn = (predicate: (edge: Edge) => boolean): string =>
    [...new Set(edges.filter(predicate).map((e) => (e.from === ANY ? 'any state' : e.from)))].join(', ') || '—';
  lines.push('## Guards', '');
  const guards = Object.keys(impl.guards).sort();
  if (guards.length === 0) lines.push('None.');
  else {
    lines.push('| Guard | Checked in |', '|---|---|');
    for (const guard of guards) lines.push(`| ${code(guard)} | ${usedIn((e) => e.guard === guard)} |`);
  }
  lines.push('');

  lines.push('## Actors', '');
  const actors = Object.keys(impl.actors).sort();
  lines.push('| Actor | Invoked in (as id) |', '|---|---|');
  for (const actor of actors) {
    const where = [root, ...states]
      .flatMap((node) =>
        node.invoke
          .filter((inv: { src: unknown }) => nameOf(inv.src) === actor)
          .map((inv: { id: string }) => `${node === root ? 'every state' : stateId(node)} (${inv.id})`),
      )
      .join(', ');
    lines.push(`| ${code(actor)} | ${where || '—'} |`);
  }
  lines.push('');

  lines.push('## Delays', '');
  const delays = Object.keys(impl.delays).sort();
  if (delays.length === 0) lines.push('None.');
  else {
    lines.push('| Delay | Armed in |', '|---|---|');
    for (const delay of delays) lines.push(`| ${code(delay)} | ${usedIn((e) => e.trigger === `after ${delay}`)} |`);
  }
  lines.push('');

  lines.push('## Actions', '', list(Object.keys(impl.actions).sort()), '');
  return lines.join('\n');
}

/** Renders the index page. */
export function renderFlowIndex(entries: readonly FlowEntry[] = FLOWS): string {
  const lines = [GENERATED_NOTE, '', '# Flows', ''];
  lines.push(
    'One page per XState machine of `@stream/core/machines`, generated from the machine definitions by `pnpm flows`. A test (`packages/core/src/machines/flows/flows.test.ts`) fails when a page is out of date.',
    '',
    '| Flow | States | Summary |',
    '|---|---|---|',
  );
  for (const entry of entries) {
    const description = entry.machine.root.description ?? '';
    const summary = /^.*?\.(?=\s|$)/.exec(description)?.[0] ?? description;
    const states = descendants(entry.machine.root).map(stateId);
    lines.push(`| [${entry.name}](./${entry.name}.md) | ${states.map(code).join(', ')} | ${cell(summary)} |`);
  }
  lines.push('');
  return lines.join('\n');
}

/** Every page of docs/flows: file name → content. */
export function renderFlowDocs(entries: readonly FlowEntry[] = FLOWS): Map<string, string> {
  const pages = new Map<string, string>();
  for (const entry of entries) pages.set(`${entry.name}.md`, renderFlowPage(entry));
  pages.set('README.md', renderFlowIndex(entries));
  return pages;
}

/**
 * Compares the rendered pages with `dir`: names of pages that differ or are missing, and of
 * generated-looking `.md` files no machine renders any more.
 */
export function staleFlowDocs(dir: string = FLOWS_DIR): string[] {
  const pages = renderFlowDocs();
  const stale: string[] = [];
  for (const [file, content] of pages) {
    const path = join(dir, file);
    if (!existsSync(path) || readFileSync(path, 'utf8') !== content) stale.push(file);
  }
  if (existsSync(dir)) {
    for (const file of readdirSync(dir)) {
      if (file.endsWith('.md') && !pages.has(file) && readFileSync(join(dir, file), 'utf8').startsWith(GENERATED_NOTE)) {
        stale.push(file);
      }
    }
  }
  return stale;
}

function main(argv: readonly string[]): number {
  if (argv.includes('--check')) {
    const stale = staleFlowDocs();
    if (stale.length > 0) {
      console.error(`docs/flows is out of date: ${stale.join(', ')}. Run \`pnpm flows\`.`);
      return 1;
    }
    console.log('docs/flows is up to date.');
    return 0;
  }
  mkdirSync(FLOWS_DIR, { recursive: true });
  const pages = renderFlowDocs();
  for (const [file, content] of pages) writeFileSync(join(FLOWS_DIR, file), content);
  for (const file of readdirSync(FLOWS_DIR)) {
    if (file.endsWith('.md') && !pages.has(file) && readFileSync(join(FLOWS_DIR, file), 'utf8').startsWith(GENERATED_NOTE)) {
      unlinkSync(join(FLOWS_DIR, file));
    }
  }
  console.log(`Wrote ${pages.size} pages to ${FLOWS_DIR}.`);
  return 0;
}

const invokedDirectly = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) process.exitCode = main(process.argv.slice(2));
