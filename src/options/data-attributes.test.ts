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

  it('data-theme is the mode; data-theme-accent, -radius, -font and -position the other parts', () => {
    const connection = { messagingUrl: 'https://m.example.com', connectorToken: 't' };
    expect(validateOptions(parseDataAttributes({ ...connection, theme: 'dark' })).theme).toEqual({ mode: 'dark' });
    const raw = parseDataAttributes({
      ...connection,
      theme: ' light ',
      themeAccent: '#b91c1c',
      themeRadius: '4',
      themeFont: 'Georgia, serif',
      themePosition: 'left',
    });
    expect(validateOptions(raw).theme).toEqual({
      mode: 'light',
      accent: '#b91c1c',
      radius: '4px',
      font: 'Georgia, serif',
      position: 'left',
    });
    expect(parseDataAttributes({ ...connection, themeRadius: '1rem' }).theme).toEqual({ radius: '1rem' });
    expect(parseDataAttributes(connection).theme).toBeUndefined();
    expect(() => validateOptions(parseDataAttributes({ ...connection, theme: 'blue' }))).toThrow(/theme\.mode/);
  });
});
