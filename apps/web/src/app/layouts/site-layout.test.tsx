import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/test-utils.tsx';

describe('site layout', () => {
  it('starts with a skip link that moves focus to the one main landmark', async () => {
    await renderApp('/');
    await screen.findByRole('heading', { level: 1, name: /^Cotações de moedas/ });
    const [first] = screen.getAllByRole('link');
    expect(first?.textContent).toBe('Pular para o conteúdo');
    fireEvent.click(first!);
    const main = screen.getByRole('main');
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(document.activeElement).toBe(main);
  });

  it('names the skip link in English', async () => {
    await renderApp('/', 'en');
    await screen.findByRole('heading', { level: 1, name: /^Currency quotes/ });
    expect(screen.getAllByRole('link')[0]?.textContent).toBe('Skip to content');
  });
});
