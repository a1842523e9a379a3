import { screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../test/test-utils.tsx';

const SITE = 'https://cotacep.example.com';
const head = (selector: string, attribute: string) =>
  [...document.head.querySelectorAll(selector)].map((element) => element.getAttribute(attribute));

describe('the head follows navigation and language', () => {
  const publicUrl = document.createElement('meta');
  beforeEach(() => {
    publicUrl.name = 'public-url';
    publicUrl.content = SITE;
    document.head.append(publicUrl);
  });
  afterEach(() => publicUrl.remove());

  it('updates title, description, canonical and alternates on navigation and on a language change', async () => {
    const { router } = await renderApp('/faq');
    await screen.findByRole('heading', { level: 1 });
    // The language detector may still settle on the browser's language after the first render.
    await act(() => i18next.changeLanguage('pt-BR'));
    await waitFor(() => expect(document.title).toBe('Perguntas frequentes · Cotacep'));
    expect(head('meta[name="description"]', 'content')).toEqual([expect.stringMatching(/tokens de API/)]);
    expect(head('link[rel="canonical"]', 'href')).toEqual([`${SITE}/faq`]);
    expect(head('meta[property="og:locale"]', 'content')).toEqual(['pt_BR']);

    await act(() => router.navigate('/pricing'));
    await waitFor(() => expect(document.title).toBe('Planos e preços · Cotacep'));
    expect(head('meta[name="description"]', 'content')).toEqual([expect.stringMatching(/Comece grátis/)]);
    expect(head('link[rel="canonical"]', 'href')).toEqual([`${SITE}/pricing`]);
    expect(head('link[rel="alternate"]', 'hreflang')).toEqual(['pt-BR', 'en', 'x-default']);

    await act(() => i18next.changeLanguage('en'));
    await waitFor(() => expect(document.title).toBe('Plans and pricing · Cotacep'));
    expect(head('link[rel="canonical"]', 'href')).toEqual([`${SITE}/pricing?lng=en`]);
    expect(head('meta[property="og:title"]', 'content')).toEqual(['Plans and pricing · Cotacep']);
    expect(head('meta[name="robots"]', 'content')).toEqual([]);

    await act(() => router.navigate('/auth/login'));
    await waitFor(() => expect(document.title).toBe('Log In · Cotacep'));
    expect(head('meta[name="robots"]', 'content')).toEqual(['noindex']);
    expect(head('meta[name="description"]', 'content')).toEqual([]);
    expect(head('link[rel="canonical"]', 'href')).toEqual([]);
  }, 60_000);
});
