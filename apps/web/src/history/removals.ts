import { useMemo } from 'react';
import { connectHistoryRemovals, historyRemovalsMachine, type HistoryRemovalsApi } from '@stream/core/machines';
import { useFlow } from '@stream/react';
import { useServices } from '../app/context';

/** Core's history-removals machine over `queries.history.remove` (which reloads every history read afterwards): a list's optimistic "Remove". */
export function useRemovals(): HistoryRemovalsApi {
  const { queries } = useServices();
  const input = useMemo(() => ({ remove: (id: string) => queries.history.remove(id) }), [queries]);
  const [view] = useFlow(historyRemovalsMachine, { input, connect: connectHistoryRemovals });
  return view;
}
