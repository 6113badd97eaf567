// What a visitor does and sees, on any engine: find by role and name inside the widget's open
// shadow root, click with the pointer, type with the keyboard, read the transcript, and wait
// (polling the page) until what should show does.
import type { EnginePage } from './adapter';
import type { ElementState, TranscriptEntry } from './probe-types';

// Messages the browser itself logs about sockets the test refused on purpose (Chromium: "WebSocket
// connection to … failed"; Firefox: "Firefox can't establish a connection to the server at ws://…",
// "The connection to ws://… was interrupted"). They are not the widget's.
const BROWSER_NETWORK_NOISE = [
  /^WebSocket connection to /,
  /can.t establish a connection to the server at ws:/,
  /connection to ws:\/\/.* was interrupted/,
];

export class Visitor {
  readonly page: EnginePage;
  readonly timeout: number;

  constructor(page: EnginePage, timeout = 10_000) {
    this.page = page;
    this.timeout = timeout;
  }

  /** Polls `probe` until `accept` holds; the error names what was awaited and what was last seen. */
  async waitFor<Value>(
    what: string,
    probe: () => Promise<Value>,
    accept: (value: Value) => boolean,
    timeout = this.timeout,
  ): Promise<Value> {
    const deadline = Date.now() + timeout;
    let last: Value | undefined;
    for (;;) {
      last = await probe();
      if (accept(last)) return last;
      if (Date.now() > deadline)
        throw new Error(`[${this.page.engine}] timed out after ${timeout} ms waiting for ${what}; last seen: ${JSON.stringify(last)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  findAll(role: string, name?: string): Promise<ElementState[]> {
    return this.page.evaluate((role, name) => window.__engines.findAll(role, name ?? undefined), role, name ?? null);
  }

  /** The first element of this role and name, once it is visible. */
  async visible(role: string, name?: string, timeout = this.timeout): Promise<ElementState> {
    const found = await this.waitFor(
      `${role} "${name ?? ''}" to be visible`,
      () => this.findAll(role, name),
      (all) => all.some((element) => element.visible),
      timeout,
    );
    return found.find((element) => element.visible)!;
  }

  async absent(role: string, name?: string): Promise<void> {
    await this.waitFor(
      `${role} "${name ?? ''}" to be gone`,
      () => this.findAll(role, name),
      (all) => all.length === 0,
    );
  }

  async click(role: string, name?: string): Promise<void> {
    await this.visible(role, name);
    const centre = await this.page.evaluate((role, name) => window.__engines.centre(role, name ?? undefined), role, name ?? null);
    if (!centre) throw new Error(`[${this.page.engine}] ${role} "${name}" vanished before the click`);
    await this.page.clickAt(centre);
  }

  /** Clicks the composer, types, and presses Enter — as a visitor sends a message. */
  async say(text: string, composerName = 'Message'): Promise<void> {
    await this.click('textbox', composerName);
    await this.waitFor(
      'the composer to take focus',
      () => this.findAll('textbox', composerName),
      (all) => all[0]?.focused === true,
    );
    await this.page.typeText(text);
    await this.page.pressKey('Enter');
  }

  transcript(): Promise<TranscriptEntry[]> {
    return this.page.evaluate(() => window.__engines.transcript());
  }

  /** Waits for the n-th (0-based) message of this author to contain `text` and be complete. */
  async message(author: string, index: number, text: string, timeout = this.timeout): Promise<TranscriptEntry> {
    const all = await this.waitFor(
      `${author} message #${index} containing "${text}"`,
      () => this.transcript(),
      (entries) => {
        const entry = entries.filter((e) => e.author === author)[index];
        return entry?.text.includes(text) === true && !entry.streaming;
      },
      timeout,
    );
    return all.filter((e) => e.author === author)[index]!;
  }

  /** Waits for the connection status element to show this state. */
  async connection(state: string, timeout = this.timeout): Promise<ElementState> {
    const all = await this.waitFor(
      `connection "${state}"`,
      () => this.findAll('status'),
      (statuses) => statuses.some((s) => s.attributes['data-connection'] === state),
      timeout,
    );
    return all.find((s) => s.attributes['data-connection'] === state)!;
  }

  /** Errors of the page (widget console.error, uncaught, unhandled) minus the browser's socket noise. */
  async errors(): Promise<string[]> {
    const fromPage = await this.page.evaluate(() => (window.__engines ? [...window.__engines.errors] : []));
    const fromEngine = this.page.engineErrors().filter((text) => !BROWSER_NETWORK_NOISE.some((noise) => noise.test(text)));
    // The page's own record repeats the console errors the engine also reported.
    return [...new Set([...fromPage, ...fromEngine])];
  }

  async clearErrors(): Promise<void> {
    await this.page.evaluate(() => {
      if (window.__engines) window.__engines.errors.length = 0;
    });
    this.page.clearEngineErrors();
  }
}
