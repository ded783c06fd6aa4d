import { useActor } from '@xstate/react';
import type { ActorRefFrom, AnyStateMachine, EventFromLogic, InputFrom, SnapshotFrom } from 'xstate';

/** Options of {@link useFlow}. */
export interface UseFlowOptions<TMachine extends AnyStateMachine, TView> {
  /** The machine's input, read once when the flow starts (a new input needs a new component `key`). */
  input: InputFrom<TMachine>;
  /** The flow's `connect` function: turns a snapshot and `send` into what the view renders. */
  connect: (snapshot: SnapshotFrom<TMachine>, send: (event: EventFromLogic<TMachine>) => void) => TView;
}

/**
 * Runs one flow for the lifetime of the component: starts `machine` with `options.input`, stops
 * it on unmount, and answers `connect(snapshot, send)` on every change, plus the running actor
 * (for a parent that hands it to a child view). The zag-style split: the machine owns the flow
 * and its I/O, `connect` shapes it for views, the component only renders.
 */
export function useFlow<TMachine extends AnyStateMachine, TView>(
  machine: TMachine,
  options: UseFlowOptions<TMachine, TView>,
): [view: TView, actor: ActorRefFrom<TMachine>] {
  // @xstate/react's options are typed per machine; a generic machine type cannot say that `input` fits.
  const [snapshot, send, actor] = useActor(machine as AnyStateMachine, { input: options.input } as never);
  return [
    options.connect(snapshot as SnapshotFrom<TMachine>, send as (event: EventFromLogic<TMachine>) => void),
    actor as ActorRefFrom<TMachine>,
  ];
}
