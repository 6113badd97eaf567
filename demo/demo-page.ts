// The demo page's own script (served compiled as /demo-page.js). It runs after the script-tag
// bundle (both are deferred, in document order), so `window.AgentWebchat` exists and the floating
// widget of the <script data-*> tag is already mounted. Every text from outside (options,
// errors, statuses) goes into the page through textContent, never as HTML.

import type { ScriptWidgetHandle as WebchatHandle } from '../src/loader/script-widget';

interface DemoConfig {
  messagingUrl: string;
  connectorToken?: string;
  tokenUrl: string;
  chatUrl: string;
  callbackUrl?: string;
  ratingUrl?: string;
  /** The options of the token widget, the same on both pages of the site. */
  tokenWidget: Record<string, unknown>;
}

interface ReceivedRating {
  sessionId: string;
  score: number;
  comment?: string;
  at: string;
}

interface Target {
  messagingUrl: string;
  connectorToken: string;
}

const FLOATING_TITLE = 'Demo agent';
/** The floating widget's teaser, as the script tag in index.html sets it. */
const TEASER = 'Questions about the demo? Ask Ada.';
const $ = <T extends HTMLElement>(id: string): T => {
  const el = document.getElementById(id);
  if (!el) throw new Error(`demo page: #${id} is missing`);
  return el as T;
};

const api = window.AgentWebchat && 'init' in window.AgentWebchat ? window.AgentWebchat : undefined;
// Taken now: AgentWebchat.widget moves to each newer widget below.
let floating: WebchatHandle | undefined = api?.widget;
let unwatchFloating: (() => void) | undefined;

function show(id: string, text: string): void {
  $(id).textContent = text;
}

function watchStatus(handle: WebchatHandle, outputId: string): () => void {
  return handle.on('status', ({ status }) => show(outputId, status));
}

/**
 * Runs `start` once `element` comes near the viewport: a widget below the fold opens its session
 * when the visitor scrolls to it, not when the page loads.
 */
function whenShown(element: Element, start: () => void): void {
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      start();
    },
    { rootMargin: '100px' },
  );
  observer.observe(element);
}

function targetFromQuery(): Target | undefined {
  const params = new URLSearchParams(location.search);
  const messagingUrl = params.get('messagingUrl')?.trim();
  const connectorToken = params.get('connectorToken')?.trim();
  return messagingUrl && connectorToken ? { messagingUrl, connectorToken } : undefined;
}

function snippet(target: Target): string {
  return (
    `<script src="${location.origin}/agent-webchat.js"\n` +
    `        data-messaging-url="${target.messagingUrl}"\n` +
    `        data-connector-token="${target.connectorToken}"\n` +
    `        data-title="${FLOATING_TITLE}"\n` +
    `        data-teaser="${TEASER}" data-teaser-delay="3"\n` +
    `        data-attention="title,sound" defer></script>`
  );
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Fills in the page around a messaging host: snippet, form, the npm app's frame. */
function renderTarget(target: Target, isDefault: boolean): void {
  show('target-url', target.messagingUrl);
  show('script-snippet', snippet(target));
  show('f-error', '');
  ($('f-url') as HTMLInputElement).value = target.messagingUrl;
  ($('f-token') as HTMLInputElement).value = target.connectorToken;
  const query = isDefault ? '' : `?${new URLSearchParams({ ...target }).toString()}`;
  for (const [id, app] of [
    ['npm-frame', 'npm-app'],
    ['react-frame', 'react-app'],
  ] as const) {
    const frame = $(id) as HTMLIFrameElement;
    if (frame.getAttribute('src') !== `/${app}/${query}`) frame.src = `/${app}/${query}`;
  }
  currentTarget = target;
  // A changed connection attribute: the element starts a new conversation with the new host.
  const element = document.getElementById('demo-element');
  element?.setAttribute('messaging-url', target.messagingUrl);
  element?.setAttribute('connector-token', target.connectorToken);
}

/** Where the element and the form point; the element reads it when it is created. */
let currentTarget: Target | undefined;

/**
 * The element section: the element is created when its place comes into view (its own
 * conversation: tabs="separate"), then an attribute and a property changed at once, and what the
 * element dispatches.
 */
function createElement(target: Target): HTMLElement {
  const element = document.createElement('agent-webchat');
  element.id = 'demo-element';
  const attributes: Record<string, string> = {
    inline: '',
    'chat-title': 'Element (inline)',
    tabs: 'separate',
    'messaging-url': target.messagingUrl,
    'connector-token': target.connectorToken,
  };
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

function watchElement(element: HTMLElement): void {
  const log = $('element-events');
  for (const type of ['ready', 'open', 'status', 'message', 'session-end', 'error']) {
    element.addEventListener(`agent-webchat-${type}`, (event) => {
      const detail: unknown = event instanceof CustomEvent ? event.detail : undefined;
      const item = document.createElement('li');
      item.textContent = `${event.type} ${JSON.stringify(detail)}`; // never as HTML: texts come from the server
      log.append(item);
      while (log.children.length > 20) log.firstElementChild?.remove();
    });
  }
  $('element-rename').addEventListener('click', () => element.setAttribute('chat-title', 'Renamed by an attribute'));
  $('element-theme').addEventListener('click', () => Reflect.set(element, 'theme', { accent: '#0b6e4f' }));
}

/** Replaces the floating widget by one talking to `target` (what the form's "Apply" does). */
function remountFloating(target: Target): void {
  if (!api) return;
  unwatchFloating?.();
  floating?.destroy();
  floating = undefined;
  try {
    floating = api.init({ ...target, title: FLOATING_TITLE, attention: ['title', 'sound'] });
    unwatchFloating = watchStatus(floating, 'floating-status');
    show('floating-status', 'not connected yet (it connects on first open)');
  } catch (error) {
    show('floating-status', 'not running');
    show('f-error', errorText(error));
  }
}

/** Mounts an inline widget into #id once it comes into view. */
function mountInline(id: string, statusId: string, options: Record<string, unknown>): void {
  const container = $(id);
  whenShown(container, () => mountNow(container, statusId, options));
}

function mountNow(container: HTMLElement, statusId: string, options: Record<string, unknown>): void {
  if (!api) return;
  try {
    const handle = api.init({ ...options, container });
    watchStatus(handle, statusId);
  } catch (error) {
    // E.g. a build without the Chat REST transport: say so instead of failing the page.
    const note = document.createElement('p');
    note.className = 'note';
    note.textContent = `Not available: ${errorText(error)}`;
    container.replaceChildren(note);
    show(statusId, 'unavailable');
  }
}

/** GET answers 200: the site serves this endpoint. */
async function served(path: string): Promise<boolean> {
  const response = await fetch(path, { credentials: 'same-origin', cache: 'no-store' }).catch(() => undefined);
  return response?.status === 200;
}

/**
 * The token widget's options, with `uploadUrl` / `historyUrl` when the site serves those endpoints
 * (the places are marked on #files-hint).
 */
async function withSiteEndpoints(options: Record<string, unknown>): Promise<Record<string, unknown>> {
  const hint = $('files-hint');
  const endpoints = [
    ['uploadUrl', hint.dataset['uploadUrl']],
    ['historyUrl', hint.dataset['historyUrl']],
  ] as const;
  const wired: Record<string, string> = {};
  for (const [option, path] of endpoints) if (path && (await served(path))) wired[option] = path;
  const names = Object.keys(wired);
  show('files-status', names.length ? `This site serves them: the widget has ${names.join(' and ')}.` : 'This site serves neither yet.');
  return { ...options, ...wired };
}

function parseRatings(value: unknown): ReceivedRating[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const sessionId = Reflect.get(item, 'sessionId');
    const score = Reflect.get(item, 'score');
    const comment = Reflect.get(item, 'comment');
    const at = Reflect.get(item, 'at');
    if (typeof sessionId !== 'string' || typeof score !== 'number' || typeof at !== 'string') return [];
    return [typeof comment === 'string' ? { sessionId, score, comment, at } : { sessionId, score, at }];
  });
}

/** The site's record of ratings (GET /api/ratings), newest first; texts go in as textContent. */
async function showRatings(): Promise<void> {
  const response = await fetch('/api/ratings', { cache: 'no-store' });
  if (!response.ok) return;
  const ratings = parseRatings(await response.json());
  const items = ratings.map((rating) => {
    const item = document.createElement('li');
    // The glyphs are for the eye; a screen reader hears "4 of 5".
    const stars = document.createElement('span');
    stars.setAttribute('aria-hidden', 'true');
    stars.textContent = `${'★'.repeat(rating.score)}${'☆'.repeat(5 - rating.score)} `;
    const score = document.createElement('span');
    score.textContent = `${rating.score} of 5`;
    const detail = document.createElement('span');
    const when = new Date(rating.at).toLocaleTimeString();
    detail.textContent = ` · ${when} · session ${rating.sessionId}${rating.comment ? ` · “${rating.comment}”` : ''}`;
    item.append(stars, score, detail);
    return item;
  });
  $('ratings-list').replaceChildren(...items);
  $('ratings-empty').hidden = items.length > 0;
}

async function main(): Promise<void> {
  if (!api) {
    show('target-url', 'the widget bundle did not load — run `npm run build`, then `npm start`');
    return;
  }
  if (floating) unwatchFloating = watchStatus(floating, 'floating-status');
  $('open-floating').addEventListener('click', () => floating?.open());
  // The unread badge, on purpose: the reply to this arrives while the panel is closed.
  $('unread-floating').addEventListener('click', () => {
    floating?.close();
    floating?.send('long answer');
  });
  $('tease-floating').addEventListener('click', () => floating?.tease('Still curious? Ask Ada anything.'));

  const response = await fetch('/demo-config.json');
  const config = (await response.json()) as DemoConfig;
  const demoTarget: Target = { messagingUrl: config.messagingUrl, connectorToken: config.connectorToken ?? '' };

  // Without a query, the widget the script tag mounted stays; with one, it is replaced.
  const fromQuery = targetFromQuery();
  renderTarget(fromQuery ?? demoTarget, !fromQuery);
  if (fromQuery) remountFloating(fromQuery);

  whenShown($('element-slot'), () => {
    const element = createElement(currentTarget ?? demoTarget);
    watchElement(element);
    $('element-slot').replaceWith(element);
  });
  // "Call me", after "bye" the rating form, and Helpful / Not helpful on every agent message.
  const tokenWidget = await withSiteEndpoints({ messagingUrl: config.messagingUrl, ...config.tokenWidget });
  mountInline('token-chat', 'token-status', tokenWidget);
  // The list follows the site's record: on load, on "Refresh", and every few seconds while visible.
  const refreshRatings = () => void showRatings().catch(() => undefined);
  refreshRatings();
  $('ratings-refresh').addEventListener('click', refreshRatings);
  setInterval(() => {
    if (document.visibilityState === 'visible') refreshRatings();
  }, 5000);
  mountInline('rest-chat', 'rest-status', { transport: 'rest', chatUrl: config.chatUrl, title: 'Chat REST via proxy' });
  // Each with a conversation of its own: none reads the bubble's, so its unread badge can show.
  mountInline('dark-chat', 'dark-status', { ...demoTarget, theme: { mode: 'dark' }, title: 'Dark theme', tabs: 'separate' });
  mountInline('arabic-chat', 'arabic-status', { ...demoTarget, locale: 'ar', title: 'بالعربية', tabs: 'separate' });
  mountInline('parts-chat', 'parts-status', {
    ...demoTarget,
    locale: 'de',
    voice: true,
    title: 'Auf Deutsch, mit Sprache',
    tabs: 'separate',
  });

  $('target-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const data = new FormData(event.target as HTMLFormElement);
    const target: Target = {
      messagingUrl: String(data.get('messagingUrl') ?? '').trim(),
      connectorToken: String(data.get('connectorToken') ?? '').trim(),
    };
    history.replaceState(null, '', `?${new URLSearchParams({ ...target }).toString()}`);
    renderTarget(target, false);
    remountFloating(target);
  });
  $('f-reset').addEventListener('click', () => {
    history.replaceState(null, '', location.pathname);
    renderTarget(demoTarget, true);
    remountFloating(demoTarget);
  });
}

main().catch((error: unknown) => show('target-url', `demo page failed: ${errorText(error)}`));
