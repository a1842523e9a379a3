import { describe, expect, it } from 'vitest';
import { getBlocks, getInlines } from './description-blocks.ts';

describe('getBlocks', () => {
  it('splits headings, lists and paragraphs on blank lines', () => {
    expect(getBlocks('First line\nsame paragraph.\n\n## Acesso\n\n- one\n- two')).toEqual([
      { kind: 'paragraph', text: 'First line same paragraph.' },
      { kind: 'heading', text: 'Acesso' },
      { kind: 'list', items: ['one', 'two'] },
    ]);
  });
});

describe('getInlines', () => {
  it('finds code, Markdown links and bare addresses without the sentence’s full stop', () => {
    expect(getInlines('Send `x-api-key`; see [docs](https://a.example/d) or https://b.example/x.')).toEqual([
      { kind: 'text', text: 'Send ' },
      { kind: 'code', text: 'x-api-key' },
      { kind: 'text', text: '; see ' },
      { kind: 'link', text: 'docs', href: 'https://a.example/d' },
      { kind: 'text', text: ' or ' },
      { kind: 'link', text: 'https://b.example/x', href: 'https://b.example/x' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('keeps other link schemes and HTML as plain text', () => {
    expect(getInlines('[click](javascript:alert(1)) <img src=x onerror=alert(1)>')).toEqual([
      { kind: 'text', text: '[click](javascript:alert(1)) <img src=x onerror=alert(1)>' },
    ]);
  });
});
