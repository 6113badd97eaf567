import { useRef } from 'preact/hooks';

/** Agent messages received since the panel was last open (the launcher's badge). */
export function useUnreadCount(agentMessageCount: number, open: boolean): number {
  const countWhenLastOpen = useRef(agentMessageCount);
  if (open) countWhenLastOpen.current = agentMessageCount;
  return agentMessageCount - countWhenLastOpen.current;
}
