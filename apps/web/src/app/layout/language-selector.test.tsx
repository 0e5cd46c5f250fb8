import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';

describe('language selector', () => {
  it('switches the texts to Spanish, remembers the choice and sets <html lang>', async () => {
    const { user } = await renderApp('/signup');
    expect(screen.getByRole('link', { name: 'For Parents' })).toBeVisible();

    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Language' }),
      'Español (México)',
    );

    expect(await screen.findByRole('link', { name: 'Para padres y madres' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute(
      'href',
      '/app/account/login',
    );
    expect(screen.getByRole('combobox', { name: 'Idioma' })).toHaveValue('es-MX');
    expect(document.documentElement.lang).toBe('es-MX');
    expect(window.localStorage.getItem('coparent.language')).toBe('es-MX');
    expect(document.title).toBe('Registro – CoParent Hub');
  });

  it('translates validation messages from the domain', async () => {
    const { user } = await renderApp('/step1');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'es-MX');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(screen.getByRole('textbox', { name: 'Nombre' })).toHaveAccessibleDescription(
      expect.stringContaining('Ingresa un nombre'),
    );
  });
});
