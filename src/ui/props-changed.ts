/** Whether any field of `next` differs (by identity) from the same field of `current`: what memoized components compare. */
export const propsChanged = <T extends object>(next: T, current: T): boolean =>
  (Object.keys(next) as (keyof T)[]).some((name) => next[name] !== current[name]);
