// Server-side rendering: importing `agent-webchat/element` where there is no DOM must not throw,
// and defines nothing.
import { expect, it } from 'vitest';

it('imports without a DOM and defines nothing', async () => {
  expect(typeof globalThis.customElements).toBe('undefined');
  const module = await import('../src/element');
  expect(module).toBeDefined();
  expect(typeof globalThis.customElements).toBe('undefined');
});
