import { LANGUAGES } from '@cotacep/shared/languages';
import { fireEvent, screen } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/test-utils.tsx';

describe('language switcher', () => {
  it('lists the enabled languages and switches the whole interface', async () => {
    await renderApp('/auth/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Entrar' })).toBeTruthy();

    // fireEvent: in happy-dom, user-event's pointer sequence reaches Mantine's click-outside handler.
    fireEvent.click(screen.getByRole('button', { name: 'Idioma: Português' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(
      LANGUAGES.filter((language) => language.enable).map((language) => language.name),
    );

    fireEvent.click(await screen.findByRole('menuitem', { name: 'English' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Log In' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Language: English' })).toBeTruthy();
    expect(i18next.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('i18nextLng')).toBe('en');
    expect(document.title).toBe('Log In · Cotacep');
  });

  it('switches back to Portuguese', async () => {
    await renderApp('/', 'en');
    fireEvent.click(await screen.findByRole('button', { name: 'Language: English' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Português' }));

    expect(await screen.findByRole('heading', { level: 1, name: /Cotações de moedas/ })).toBeTruthy();
    expect(document.documentElement.lang).toBe('pt-BR');
    expect(localStorage.getItem('i18nextLng')).toBe('pt-BR');
  });
});
