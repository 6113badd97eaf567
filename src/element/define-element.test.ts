// @vitest-environment happy-dom
// The definition as the script tag's loader makes it: the element's code (controllers and option
// properties) comes later, when an element first needs it.
import { describe, expect, it } from 'vitest';
import type { WidgetOptions } from '../contract/widget';
import { parseDataAttributes } from '../options/data-attributes';
import { validateOptions } from '../options/validate-options';
import { defineWebchatElement } from './define-element';
import { ATTRIBUTE_OPTIONS, PROPERTY_OPTIONS } from './element-options';
import { elementBehaviour } from './element-properties';
import type { ElementBehaviour, ElementWidget } from './element-types';

const made: { options: WidgetOptions; calls: string[] }[] = [];
const behaviour = elementBehaviour({
  create(options): ElementWidget {
    const calls: string[] = [];
    made.push({ options, calls });
    const record = (call: string) => () => void calls.push(call);
    return {
      open: record('open'),
      close: record('close'),
      toggle: record('toggle'),
      send: (text) => void calls.push(`send ${text}`),
      newConversation: record('newConversation'),
      destroy: record('destroy'),
      transcript: () => '',
      tease: (text) => void calls.push(`tease ${text}`),
      on: () => () => undefined,
    };
  },
  validateOptions,
  parseDataAttributes,
  attributeOptions: ATTRIBUTE_OPTIONS,
  propertyOptions: PROPERTY_OPTIONS,
});

let loads = 0;
let arrive: (code: ElementBehaviour) => void = () => {};
const code = new Promise<ElementBehaviour>((resolve) => {
  arrive = resolve;
});
defineWebchatElement(() => {
  loads++;
  return code;
});

describe('<agent-webchat> as the loader defines it, before its code is here', () => {
  it('has its methods at once; its option properties come with the code, and one set before is taken over', async () => {
    const element = document.createElement('agent-webchat');
    expect(typeof Reflect.get(element, 'open')).toBe('function');
    expect(Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'chatTitle')).toBeUndefined();
    Object.assign(element, { messagingUrl: 'https://messaging.example.com', connectorToken: 'token', chatTitle: 'Early' });
    document.body.append(element);
    expect(loads).toBeGreaterThan(0);
    expect(made).toEqual([]);

    arrive(behaviour);
    await expect.poll(() => made.length).toBe(1);
    expect(made[0]?.options).toMatchObject({ title: 'Early', connectorToken: 'token' });
    expect(Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'chatTitle')?.set).toBeTypeOf('function');
    // Taken over: the property is the element's own no more, and reads through its controller.
    expect(Object.hasOwn(element, 'chatTitle')).toBe(false);
    expect(Reflect.get(element, 'chatTitle')).toBe('Early');
    Reflect.set(element, 'chatTitle', 'Later');
    await expect.poll(() => made.length).toBe(2);
    expect(made[1]?.options.title).toBe('Later');
  });
});
