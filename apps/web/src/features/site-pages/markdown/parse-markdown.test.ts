import { describe, expect, it } from 'vitest';
import { parseInlines, parseMarkdown } from './parse-markdown';

describe('parseMarkdown', () => {
  it('reads headings (the top level becomes h2), paragraphs, lists and notes', () => {
    const source = [
      '> **Sample text:** to be replaced',
      '> by counsel.',
      '',
      '# Terms',
      'First line',
      'second line.',
      '',
      '## Payments',
      '- one',
      '  still one',
      '- two',
      '',
      '1. first',
      '2. second',
    ].join('\r\n');
    expect(parseMarkdown(source)).toEqual([
      {
        kind: 'note',
        inlines: [
          { kind: 'strong', text: 'Sample text:' },
          { kind: 'text', text: ' to be replaced by counsel.' },
        ],
      },
      { kind: 'heading', level: 2, inlines: [{ kind: 'text', text: 'Terms' }] },
      { kind: 'paragraph', inlines: [{ kind: 'text', text: 'First line second line.' }] },
      { kind: 'heading', level: 3, inlines: [{ kind: 'text', text: 'Payments' }] },
      {
        kind: 'list',
        ordered: false,
        items: [[{ kind: 'text', text: 'one still one' }], [{ kind: 'text', text: 'two' }]],
      },
      {
        kind: 'list',
        ordered: true,
        items: [[{ kind: 'text', text: 'first' }], [{ kind: 'text', text: 'second' }]],
      },
    ]);
  });

  it('starts at h2 whatever the top level of the file is', () => {
    const levels = parseMarkdown('### A\n\n#### B\n\n### C').map((block) =>
      block.kind === 'heading' ? block.level : null,
    );
    expect(levels).toEqual([2, 3, 2]);
  });
});

describe('parseInlines', () => {
  it('keeps links to the site, web pages, email and phone', () => {
    for (const href of ['/contact', 'https://example.org/a', 'mailto:a@b.example', 'tel:+1866']) {
      expect(parseInlines(`see [here](${href}).`)).toEqual([
        { kind: 'text', text: 'see ' },
        { kind: 'link', text: 'here', href },
        { kind: 'text', text: '.' },
      ]);
    }
  });

  it('shows any other link as its text only', () => {
    for (const href of [
      'javascript:alert%281%29',
      'data:text/html,x',
      '//evil.example',
      'vbscript:x',
    ]) {
      expect(parseInlines(`[click](${href})`)).toEqual([{ kind: 'text', text: 'click' }]);
    }
  });

  it('leaves markup as text', () => {
    expect(parseInlines('<img src=x onerror=alert(1)>')).toEqual([
      { kind: 'text', text: '<img src=x onerror=alert(1)>' },
    ]);
  });
});
