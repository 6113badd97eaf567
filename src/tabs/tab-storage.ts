// The tab's sessionStorage, and the "1" flags the widget keeps there (a panel opened, an unread
// count kept, the teaser shown), read so that denied storage (a sandboxed frame, privacy settings)
// only means that nothing was remembered.

export const tabStorage = (): Storage | undefined => {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
};

/** Whether `flag` is set in the storage. */
export const tabFlag = (storage: Storage | undefined, flag: string): boolean => {
  try {
    return storage?.getItem(flag) === '1';
  } catch {
    return false;
  }
};
