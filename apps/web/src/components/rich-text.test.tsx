import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, whenLanguageLoaded } from '../lib/i18n';
import { RichText } from './rich-text';
import { VisuallyHidden } from './visually-hidden';

describe('RichText', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('puts the tag’s text, with its values, inside the component', () => {
    const { container } = render(
      <p>
        <RichText
          i18nKey="common.supportCall"
          values={{ phone: '1-866-345-8324' }}
          // biome-ignore lint/a11y/useAnchorContent: RichText puts the number inside
          components={{ phone: <a href="tel:+18663458324" /> }}
        />
      </p>,
    );
    expect(container.querySelector('p')).toHaveTextContent('Need help? Call us at 1-866-345-8324.');
    expect(screen.getByRole('link', { name: '1-866-345-8324' })).toHaveAttribute(
      'href',
      'tel:+18663458324',
    );
  });

  it('keeps a value that looks like a tag as text', () => {
    const hostile = '<phone>x</phone><img src=x onerror=alert(1)>';
    const { container } = render(
      <p>
        <RichText
          i18nKey="common.supportCall"
          values={{ phone: hostile }}
          // biome-ignore lint/a11y/useAnchorContent: RichText puts the number inside
          components={{ phone: <a href="tel:+1" /> }}
        />
      </p>,
    );
    expect(screen.getByRole('link')).toHaveTextContent(hostile, { normalizeWhitespace: false });
    expect(container.querySelectorAll('a')).toHaveLength(1);
    expect(container.querySelector('img')).toBeNull();
  });

  it('renders a visually hidden part for screen readers only', () => {
    render(
      <button type="button">
        <RichText
          i18nKey="packages.choose"
          values={{ name: 'Premium' }}
          components={{ hidden: <VisuallyHidden>{null}</VisuallyHidden> }}
        />
      </button>,
    );
    expect(screen.getByRole('button', { name: 'Choose Premium' })).toBeInTheDocument();
  });

  it('follows the page’s language', async () => {
    await i18n.changeLanguage('es-MX');
    await whenLanguageLoaded();
    const { container } = render(
      <p>
        <RichText
          i18nKey="common.supportCall"
          values={{ phone: '800 123 4567' }}
          // biome-ignore lint/a11y/useAnchorContent: RichText puts the number inside
          components={{ phone: <a href="tel:+528001234567" /> }}
        />
      </p>,
    );
    expect(container.querySelector('p')).toHaveTextContent(
      '¿Necesitas ayuda? Llámanos al 800 123 4567.',
    );
    expect(screen.getByRole('link', { name: '800 123 4567' })).toBeInTheDocument();
  });
});
