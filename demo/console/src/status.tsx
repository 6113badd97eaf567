// Small shared pieces: the "updated at" line of a live view and its error.

import { type ComponentChildren, h } from 'preact';
import { clock } from './format';
import type { Polled } from './use-polling';

export function LiveStatus<T>({ polled, what, everySeconds = 2 }: { polled: Polled<T>; what: string; everySeconds?: number }) {
  return (
    <p class="live-status">
      {polled.error ? (
        <span role="alert" class="error">
          Could not read {what}: {polled.error}
        </span>
      ) : polled.updatedAt === undefined ? (
        <span>Loading {what}…</span>
      ) : (
        <span>
          Live: read every {everySeconds} s, last at{' '}
          <time dateTime={new Date(polled.updatedAt).toISOString()}>{clock(new Date(polled.updatedAt).toISOString())}</time>
        </span>
      )}
    </p>
  );
}

export function Badge({ value }: { value: string }) {
  return <span class={`badge badge-${value.replace(/[^a-z0-9-]/gi, '-').toLowerCase()}`}>{value.replace(/_/g, ' ')}</span>;
}

export function Scroll({ label, children }: { label: string; children: ComponentChildren }) {
  // A region that scrolls sideways on narrow screens must be reachable by keyboard.
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus so keyboard users can scroll it
    <section class="scroll" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
