// The site's limits as the widget reads and applies them before anything is sent.
import { describe, expect, it } from 'vitest';
import { parseLimits, refusalOf } from './limits';

const limits = { maxBytes: 1000, types: ['image/png', 'application/pdf', 'text/*'] };

describe('parseLimits', () => {
  it('reads maxBytes and the types, lower-cased', () => {
    expect(parseLimits({ maxBytes: 10, types: ['Image/PNG', 3] })).toEqual({ maxBytes: 10, types: ['image/png'] });
  });
  it('refuses anything else', () => {
    for (const value of [null, 'x', { maxBytes: '10', types: [] }, { maxBytes: 0, types: [] }, { maxBytes: 10 }])
      expect(parseLimits(value)).toBeUndefined();
  });
});

describe('refusalOf', () => {
  it('takes a file of an accepted type within the size', () => {
    expect(refusalOf({ size: 1000, type: 'image/png' }, limits)).toBeUndefined();
    expect(refusalOf({ size: 5, type: 'text/plain;charset=utf-8' }, limits)).toBeUndefined();
  });
  it('refuses a file over the size or of another type', () => {
    expect(refusalOf({ size: 1001, type: 'image/png' }, limits)).toBe('too-big');
    expect(refusalOf({ size: 10, type: 'application/x-msdownload' }, limits)).toBe('type');
  });
  it('leaves a type the browser does not know to the site (it judges by the bytes)', () => {
    expect(refusalOf({ size: 10, type: '' }, limits)).toBeUndefined();
  });
});
