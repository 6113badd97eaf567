import { describe, expect, it } from 'vitest';
import { parseDataAttributes } from './data-attributes';
import { validateOptions } from './validate-options';

describe('parseDataAttributes', () => {
  it('maps camelCased dataset keys to options and booleans', () => {
    const raw = parseDataAttributes({
      messagingUrl: ' https://m.example.com ',
      connectorToken: 'tok',
      streaming: 'false',
      open: '',
      transport: 'messaging',
      title: 'Support',
      cfasync: 'false',
    });
    expect(raw).toEqual({
      messagingUrl: 'https://m.example.com',
      connectorToken: 'tok',
      streaming: false,
      open: true,
      transport: 'messaging',
      title: 'Support',
    });
    expect(validateOptions(raw).streaming).toBe(false);
  });

  it('passes unparseable booleans through so validation names them', () => {
    const raw = parseDataAttributes({ messagingUrl: 'https://m.example.com', connectorToken: 't', streaming: 'maybe' });
    expect(raw.streaming).toBe('maybe');
    expect(() => validateOptions(raw)).toThrow(/"streaming" must be true or false/);
  });

  it("data-theme is the theme's mode", () => {
    const connection = { messagingUrl: 'https://m.example.com', connectorToken: 't' };
    expect(validateOptions(parseDataAttributes({ ...connection, theme: ' dark ' })).theme).toEqual({ mode: 'dark' });
    expect(parseDataAttributes(connection).theme).toBeUndefined();
    expect(() => validateOptions(parseDataAttributes({ ...connection, theme: 'blue' }))).toThrow(/theme\.mode/);
  });
});
