import { render, screen } from '@testing-library/preact';
import { h } from 'preact';
import { describe, expect, it } from 'vitest';
import { TurnWords } from './turn-words';

describe('TurnWords', () => {
  it('shows the files a visitor sent as links, the rest as text', () => {
    const url = 'http://127.0.0.1:8787/api/upload/files/AAAAAAAAAAAAAAAAAAAAAA/invoice.pdf';
    const { container } = render(
      <TurnWords text={`Here is <b>the</b> invoice\n[invoice.pdf](${url})\n![parcel.jpg](http://127.0.0.1:8787/p.jpg)`} />,
    );
    expect(screen.getByRole('link', { name: 'File: invoice.pdf' }).getAttribute('href')).toBe(url);
    expect(screen.getByRole('link', { name: 'Image: parcel.jpg' }).getAttribute('href')).toBe('http://127.0.0.1:8787/p.jpg');
    expect(container.textContent).toContain('Here is <b>the</b> invoice');
    expect(container.querySelector('b')).toBeNull();
  });
});
