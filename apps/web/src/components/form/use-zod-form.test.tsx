import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '#web/test/test-utils.tsx';

const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

/**
 * When a form's fields show their messages (`useZodForm`), on the Contact form: no message for merely
 * leaving a field, a typed mistake flagged on leaving it, and never on the way to the submit button, where a
 * message appearing above the button would move it from under the pointer and lose the click (the browser
 * sends `click` only when the press and the release land on the same element).
 */
describe('a form’s messages', () => {
  it('flag a typed mistake on leaving the field, but not when the focus goes to the submit button', async () => {
    await renderApp('/contact');
    const email = await screen.findByRole('textbox', { name: /^E-mail/ });
    const message = screen.getByRole('textbox', { name: /^Mensagem/ });
    const send = screen.getByRole('button', { name: 'Enviar mensagem' });

    type(email, 'ana@exemplo');
    fireEvent.blur(email, { relatedTarget: send });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Por favor, informe um e-mail válido')).toBeNull();

    fireEvent.blur(email, { relatedTarget: message });
    expect(await screen.findByText('Por favor, informe um e-mail válido')).toBeTruthy();
  });

  it('show nothing for tabbing through an empty form, and every message on submit', async () => {
    await renderApp('/contact');
    const email = await screen.findByRole('textbox', { name: /^E-mail/ });
    const message = screen.getByRole('textbox', { name: /^Mensagem/ });
    fireEvent.blur(email, { relatedTarget: message });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Por favor, informe seu e-mail')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Enviar mensagem' }));
    await waitFor(() => expect(screen.getByText('Por favor, escreva sua mensagem')).toBeTruthy());
    expect(screen.getByText('Por favor, informe seu e-mail')).toBeTruthy();
  });
});
