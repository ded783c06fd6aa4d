/**
 * The first of `states` the snapshot is in (`snapshot.matches`), else `otherwise`: the status a
 * connect function gives its view when the view's statuses are the machine's own state names
 * (`matchedState(snapshot, ['redeemed', 'editing'], 'redeeming')`). Pure.
 */
export function matchedState<const TState extends string, const TOtherwise extends string>(
  snapshot: { matches(state: NoInfer<TState>): boolean },
  states: readonly TState[],
  otherwise: TOtherwise,
): TState | TOtherwise {
  return states.find((state) => snapshot.matches(state)) ?? otherwise;
}
