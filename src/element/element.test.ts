// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WidgetOptions } from '../contract/widget';
import { parseDataAttributes } from '../options/data-attributes';
import { validateOptions } from '../options/validate-options';
import { defineWebchatElement } from './define-element';
import { ATTRIBUTE_OPTIONS, OBSERVED_ATTRIBUTES, PROPERTY_OPTIONS } from './element-options';
import { elementBehaviour } from './element-properties';
import type { AgentWebchatElement, ElementWidget } from './element-types';

/** Widgets the element made, each recording what it was asked. */
const made: {
  options: WidgetOptions;
  host: HTMLElement;
  calls: string[];
  emit(type: string, detail: unknown): void;
  widget: ElementWidget;
}[] = [];

function fakeWidget(options: WidgetOptions, host: HTMLElement): ElementWidget {
  const calls: string[] = [];
  const listeners = new Map<string, ((detail: unknown) => void)[]>();
  const widget: ElementWidget = {
    open: () => void calls.push('open'),
    close: () => void calls.push('close'),
    toggle: () => void calls.push('toggle'),
    send: (text) => void calls.push(`send ${text}`),
    newConversation: () => void calls.push('newConversation'),
    destroy: () => void calls.push('destroy'),
    update: (next) => {
      calls.push(`update ${next.title}`);
      return true;
    },
    transcript: () => 'Visitor: hello',
    tease: (text) => void calls.push(`tease ${text}`),
    on(type, listener) {
      const list = listeners.get(type) ?? [];
      list.push((detail) => (listener as (detail: unknown) => void)(detail));
      listeners.set(type, list);
      return () => undefined;
    },
  };
  made.push({
    options,
    host,
    calls,
    widget,
    emit: (type, detail) => {
      for (const listener of listeners.get(type) ?? []) listener(detail);
    },
  });
  return widget;
}

const behaviour = elementBehaviour({
  create: fakeWidget,
  validateOptions,
  parseDataAttributes,
  attributeOptions: ATTRIBUTE_OPTIONS,
  propertyOptions: PROPERTY_OPTIONS,
});
const { controllers } = behaviour;
defineWebchatElement(() => Promise.resolve(behaviour), behaviour);

const settle = () => new Promise((resolve) => setTimeout(resolve));

function element(attributes: Record<string, string> = { 'messaging-url': 'https://m.example.com', 'connector-token': 't' }) {
  const node = document.createElement('agent-webchat') as AgentWebchatElement;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

afterEach(() => {
  document.body.innerHTML = '';
  made.length = 0;
  vi.restoreAllMocks();
});

describe('<agent-webchat>', () => {
  it('observes every script attribute without data- (title as chat-title) and inline', () => {
    expect(OBSERVED_ATTRIBUTES).toContain('messaging-url');
    expect(OBSERVED_ATTRIBUTES).toContain('chat-title');
    expect(OBSERVED_ATTRIBUTES).toContain('callback-url');
    expect(OBSERVED_ATTRIBUTES).toContain('inline');
    expect(OBSERVED_ATTRIBUTES).not.toContain('title');
  });

  it('makes one widget from its attributes and properties once connected, in its own shadow root', async () => {
    const node = element({ 'messaging-url': 'https://m.example.com', 'connector-token': 't', 'chat-title': 'Help', open: '', inline: '' });
    node.metadata = { plan: 'gold' };
    node.theme = { accent: '#123456' };
    await settle();
    expect(made).toHaveLength(0);
    document.body.append(node);
    await settle();
    expect(made).toHaveLength(1);
    expect(made[0]?.options).toEqual({
      messagingUrl: 'https://m.example.com',
      connectorToken: 't',
      title: 'Help',
      open: true,
      container: node,
      metadata: { plan: 'gold' },
      theme: { accent: '#123456' },
    });
    expect(made[0]?.host).toBe(node);
    expect(node.shadowRoot).not.toBeNull();
    expect(node.metadata).toEqual({ plan: 'gold' });
  });

  it("takes attention, teaser and teaser-delay as attributes (parsed as the tag's) or properties", async () => {
    const node = element({
      'messaging-url': 'https://m.example.com',
      'connector-token': 't',
      attention: 'title, sound',
      teaser: 'Hi?',
      'teaser-delay': '2.5',
    });
    document.body.append(node);
    await settle();
    expect(made[0]?.options).toMatchObject({ attention: ['title', 'sound'], teaser: 'Hi?', teaserDelay: 2.5 });
    node.teaserDelay = 0;
    node.attention = ['sound'];
    await settle();
    expect(made.at(-1)?.options).toMatchObject({ attention: ['sound'], teaser: 'Hi?', teaserDelay: 0 });
  });

  it('takes over properties set on the element before it was defined (they hide its own)', async () => {
    const early = document.createElement('div');
    early.setAttribute('messaging-url', 'https://m.example.com');
    early.setAttribute('connector-token', 't');
    Object.assign(early, { chatTitle: 'Early', metadata: { from: 'before' } });
    const controller = controllers(early);
    expect(Object.hasOwn(early, 'chatTitle')).toBe(false);
    expect(controller.get('title')).toBe('Early');
    document.body.append(early);
    controller.connectedCallback();
    await settle();
    expect(made[0]?.options).toMatchObject({ title: 'Early', metadata: { from: 'before' } });
  });

  it('display changes update in place; a connection change makes a new widget, open if the panel was', async () => {
    const node = element();
    document.body.append(node);
    await settle();
    made[0]?.emit('open', {});
    node.setAttribute('chat-title', 'Renamed');
    node.chatTitle = 'By property';
    await settle();
    expect(made).toHaveLength(1);
    expect(made[0]?.calls).toEqual(['update By property']);

    node.setAttribute('streaming', 'false');
    await settle();
    expect(made).toHaveLength(2);
    expect(made[0]?.calls.at(-1)).toBe('destroy');
    expect(made[1]?.options).toMatchObject({ streaming: false, open: true, title: 'By property' });

    node.setAttribute('open', '');
    await settle();
    node.removeAttribute('open');
    await settle();
    expect(made[1]?.calls).toEqual(['open', 'close']);
  });

  it('dispatches each handle event as agent-webchat-<type>, bubbling and composed', async () => {
    const node = element();
    document.body.append(node);
    await settle();
    const heard: CustomEvent[] = [];
    document.addEventListener('agent-webchat-message', (event) => {
      if (event instanceof CustomEvent) heard.push(event);
    });
    made[0]?.emit('message', { id: '1', author: 'agent', text: 'hi' });
    expect(heard).toHaveLength(1);
    expect(heard[0]?.detail).toEqual({ id: '1', author: 'agent', text: 'hi' });
    expect(heard[0]?.target).toBe(node);
    expect(heard[0]?.bubbles && heard[0]?.composed).toBe(true);
  });

  it('dispatches the after-conversation events and takes their options as attributes', async () => {
    const node = element({
      'messaging-url': 'https://m.example.com',
      'connector-token': 't',
      'rating-url': '/api/rating',
      'message-feedback': '',
    });
    document.body.append(node);
    await settle();
    expect(made[0]?.options).toMatchObject({ ratingUrl: '/api/rating', messageFeedback: true });
    const heard: [string, unknown][] = [];
    for (const type of ['agent-webchat-rating', 'agent-webchat-message-feedback']) {
      node.addEventListener(type, (event) => {
        if (event instanceof CustomEvent) heard.push([event.type, event.detail]);
      });
    }
    made[0]?.emit('rating', { score: 4 });
    made[0]?.emit('message-feedback', { messageId: '1', value: 'helpful' });
    expect(heard).toEqual([
      ['agent-webchat-rating', { score: 4 }],
      ['agent-webchat-message-feedback', { messageId: '1', value: 'helpful' }],
    ]);
  });

  it("forwards the handle's methods", async () => {
    const node = element();
    document.body.append(node);
    await settle();
    node.open();
    node.send('hello');
    node.newConversation();
    node.tease('psst');
    expect(made[0]?.calls).toEqual(['open', 'send hello', 'newConversation', 'tease psst']);
    expect(node.transcript()).toBe('Visitor: hello');
  });

  it('methods called before the widget exists are kept and run in order as it starts', async () => {
    const node = element();
    node.open();
    document.body.append(node);
    node.send('hi');
    node.close();
    node.toggle();
    node.tease('psst');
    expect(made).toHaveLength(0);
    await settle();
    expect(made).toHaveLength(1);
    expect(made[0]?.calls).toEqual(['open', 'send hi', 'close', 'toggle', 'tease psst']);
    // Run once: the next change that makes a new widget does not replay them.
    node.setAttribute('streaming', 'false');
    await settle();
    expect(made).toHaveLength(2);
    expect(made[1]?.calls).toEqual([]);
  });

  it("takes the theme's mode from its theme attribute; a theme property wins over it", async () => {
    const node = element({ 'messaging-url': 'https://m.example.com', 'connector-token': 't', theme: 'dark' });
    document.body.append(node);
    await settle();
    expect(made[0]?.options.theme).toEqual({ mode: 'dark' });
    node.setAttribute('theme', 'light');
    await settle();
    expect(made).toHaveLength(1);
    expect(made[0]?.calls).toEqual(['update undefined']);
    node.theme = { mode: 'auto' };
    await settle();
    expect(made[0]?.calls).toEqual(['update undefined', 'update undefined']);
  });

  it('removal destroys the widget and empties the shadow root; a move in one task keeps it', async () => {
    const node = element();
    const other = document.createElement('section');
    document.body.append(node, other);
    await settle();
    node.shadowRoot?.append(document.createElement('p'));
    other.append(node);
    await settle();
    expect(made).toHaveLength(1);
    expect(made[0]?.calls).toEqual([]);
    node.remove();
    await settle();
    expect(made[0]?.calls).toEqual(['destroy']);
    expect(node.shadowRoot?.childNodes).toHaveLength(0);
    document.body.append(node);
    await settle();
    expect(made).toHaveLength(2);
  });

  it('a bad attribute logs one error naming it and makes nothing', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    document.body.append(element({ 'messaging-url': 'ftp://m.example.com', 'connector-token': 't', transport: 'sms' }));
    await settle();
    expect(made).toHaveLength(0);
    expect(error.mock.calls).toEqual([['agent-webchat: <agent-webchat>: attribute "messaging-url" must use https']]);
  });
});
