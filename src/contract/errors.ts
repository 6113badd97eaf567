// The widget's own errors: every message it throws or logs starts with PREFIX.

/** Starts every error and warning the widget logs or throws. */
export const PREFIX = 'agent-webchat: ';

export class OptionsError extends Error {
  constructor(message: string) {
    super(PREFIX + message);
    this.name = 'OptionsError';
  }
}

/** Throws an OptionsError (the message gets the PREFIX). */
export const fail = (message: string): never => {
  throw new OptionsError(message);
};
