// What an abandoned attempt waits on, so that it is never made.

/** A promise that never settles. */
export const pendingForever = () => new Promise<never>(() => undefined);
