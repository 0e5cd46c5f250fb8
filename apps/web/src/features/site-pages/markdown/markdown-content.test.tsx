import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MarkdownContent } from './markdown-content';

describe('MarkdownContent', () => {
  it('renders headings, lists, notes and safe links as elements', () => {
    render(
      <MarkdownContent
        source={'> **Note:** read this\n\n# Title\n\n- a [link](/help)\n- b\n\n1. one\n\nText.'}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Title' })).toBeInTheDocument();
    expect(screen.getAllByRole('list')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'link' })).toHaveAttribute('href', '/help');
    expect(screen.getByText('Note:').tagName).toBe('STRONG');
    expect(screen.getByText('Text.').tagName).toBe('P');
  });

  it('never turns a file’s markup or script links into elements', () => {
    const { container } = render(
      <MarkdownContent
        source={
          '<script>alert(1)</script> <img src=x onerror=alert(1)>\n\n[x](javascript:alert(1))'
        }
      />,
    );
    expect(container.querySelector('script, img')).toBeNull();
    expect(container.querySelector('a')).toBeNull();
    expect(container).toHaveTextContent('<script>alert(1)</script> <img src=x onerror=alert(1)>');
  });
});
