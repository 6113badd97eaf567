import { useRef } from 'preact/hooks';

/** Whether `value` was ever true during this component's life: once true, stays true. */
export function useHasBeenTrue(value: boolean): boolean {
  const seen = useRef(value);
  if (value) seen.current = true;
  return seen.current;
}
