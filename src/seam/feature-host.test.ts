// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChannelLike } from '../contract/tabs-environment';
import { fr } from '../strings/locales/fr';
import { registerLocale } from '../strings/strings';
import { fakeClient } from '../ui/test-helpers';
import { createFeatureHost } from './feature-host';
import { createFeatureState } from './feature-state';
import { defineFeature, type SlotProps } from './types';

afterEach(() => vi.restoreAllMocks());

const Helpful = (_props: SlotProps['message-actions']) => null;
const Rate = (_props: SlotProps['after-end']) => null;

const RATING_TEXTS = { rate: 'Rate this chat', stars: { one: '% star', other: '% stars' } };
const rating = defineFeature({
  name: 'rating-test',
  strings: RATING_TEXTS,
  setup: () => ({ slots: { 'message-actions': Helpful, 'after-end': Rate }, claimsSuggestion: (text) => text === 'Rate us' }),
});
const quiet = defineFeature({ name: 'quiet-test', strings: {}, setup: () => ({ onEscape: () => true }) });

const host = (features = [rating, quiet]) => createFeatureHost({ options: {}, client: fakeClient(), emit: vi.fn() }, features);

describe('the feature host', () => {
  it('gives each slot its features’ components, the same list until a feature arrives', () => {
    const features = host([rating]);
    const actions = features.slot('message-actions');
    expect(actions).toEqual([Helpful]);
    expect(features.slot('message-actions')).toBe(actions);
    expect(features.slot('header-actions')).toEqual([]);
    const changed = vi.fn();
    features.onChange(changed);
    features.add([quiet]);
    expect(changed).toHaveBeenCalledOnce();
    expect(features.slot('message-actions')).not.toBe(actions);
  });

  it("shows a visitor's message through the first feature that answers, and lists the panel hooks, both kept until a feature arrives", () => {
    const detach = () => undefined;
    const files = defineFeature({
      name: 'files-test',
      strings: {},
      setup: () => ({ userMessageBody: (text) => (text.startsWith('[') ? 'a file' : undefined), attachPanel: () => detach }),
    });
    const echo = defineFeature({ name: 'echo-test', strings: {}, setup: () => ({ userMessageBody: (text) => `echo ${text}` }) });
    const features = host([files]);
    expect(host([rating]).userMessageBody).toBeUndefined();
    const body = features.userMessageBody;
    expect(body?.('[x](https://x.example/1)')).toBe('a file');
    expect(body?.('hello')).toBeUndefined();
    const panel = features.panel;
    expect(panel).toHaveLength(1);
    expect(features.panel).toBe(panel);
    features.add([echo]);
    expect(features.userMessageBody).not.toBe(body);
    expect(features.userMessageBody?.('[x](https://x.example/1)')).toBe('a file');
    expect(features.userMessageBody?.('hello')).toBe('echo hello');
  });

  it('asks every feature about Escape and suggestions', () => {
    const features = host();
    expect(features.escape()).toBe(true);
    expect(features.claimsSuggestion('Rate us')).toBe(true);
    expect(features.claimsSuggestion('Hello')).toBe(false);
    expect(host([rating]).escape()).toBe(false);
  });

  it('leaves out a feature whose setup throws, said once, and keeps the others', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken = defineFeature({
      name: 'broken-test',
      strings: {},
      setup: () => {
        throw new Error('no');
      },
    });
    const features = host([broken, rating]);
    expect(error).toHaveBeenCalledOnce();
    expect(error.mock.calls[0]?.[0]).toMatch(/^agent-webchat: the "broken-test" feature could not start: no/);
    expect(features.slot('after-end')).toEqual([Rate]);
  });

  it('translates a feature’s keys in the widget’s locale, its English where the locale has no table, plurals by Intl', () => {
    let text: ((key: 'rate' | 'stars', value?: number) => string) | undefined;
    const features = createFeatureHost({ options: { locale: 'fr' }, client: fakeClient(), emit: vi.fn() }, [
      defineFeature({
        name: 'rating-test',
        strings: RATING_TEXTS,
        setup(context) {
          text = (key, value) => context.text().translate(key, value);
          return {};
        },
      }),
    ]);
    expect(features).toBeDefined();
    expect(text?.('stars', 1)).toBe('1 star');
    expect(text?.('stars', 1200)).toBe('1,200 stars');
    registerLocale({
      lang: 'fr',
      core: fr,
      features: { 'rating-test': { rate: 'Notez ce chat', stars: { one: '% étoile', other: '% étoiles' } } },
    });
    // No widget connected: the options' locale.
    expect(text?.('rate')).toBe('Notez ce chat');
    expect(text?.('stars', 2)).toBe('2 étoiles');
  });
});

/** A pair of BroadcastChannels, as two tabs of one conversation hold them. */
function channels(): () => ChannelLike {
  const open: { listeners: ((event: { data: unknown }) => void)[] }[] = [];
  return () => {
    const self = { listeners: [] as ((event: { data: unknown }) => void)[] };
    open.push(self);
    return {
      postMessage: (data) => {
        for (const other of open) if (other !== self) for (const listener of other.listeners) listener({ data: structuredClone(data) });
      },
      addEventListener: (_type, listener) => void self.listeners.push(listener),
      close: () => undefined,
    };
  };
}

describe('a feature’s shared state', () => {
  it('reaches the other tabs of the conversation, and a tab that opens later', async () => {
    const channel = channels();
    const open = async () => channel();
    const parse = (value: unknown) =>
      typeof value === 'object' && value !== null ? { rated: Number(Reflect.get(value, 'rated')) } : undefined;
    const first = createFeatureState<{ rated?: number }>({}, { feature: 'rating-test', open, parse });
    await Promise.resolve();
    first.set({ rated: 4 });
    const heard = vi.fn();
    const second = createFeatureState<{ rated?: number }>({}, { feature: 'rating-test', open, parse });
    second.subscribe(heard);
    await vi.waitFor(() => expect(second.get()).toEqual({ rated: 4 }));
    second.set((previous) => ({ ...previous, rated: 5 }));
    expect(first.get()).toEqual({ rated: 5 });
    expect(heard).toHaveBeenCalledWith({ rated: 4 });
  });
});
