import { Button, createTheme, MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

afterEach(() => cleanup());

// The menu appears at once (as for a visitor who asks for reduced motion), with no transition to wait for.
(
  window as unknown as { happyDOM: { settings: { device: { prefersReducedMotion: string } } } }
).happyDOM.settings.device.prefersReducedMotion = 'reduce';
const theme = createTheme({ respectReducedMotion: true });

// A fresh module each time: the menu's code is fetched once per page, and each test starts before that.
let DeferredMenu: typeof import('./deferred-menu.tsx').DeferredMenu;
beforeEach(async () => {
  vi.resetModules();
  ({ DeferredMenu } = await import('./deferred-menu.tsx'));
});

function renderMenu() {
  render(
    <MantineProvider theme={theme}>
      <DeferredMenu target={<Button>Idioma</Button>} hideDetached={false} withInitialFocusPlaceholder={false}>
        {(Menu) => (
          <>
            <Menu.Item>Português</Menu.Item>
            <Menu.Item>English</Menu.Item>
          </>
        )}
      </DeferredMenu>
    </MantineProvider>,
  );
  return screen.getByRole('button', { name: 'Idioma' });
}

describe('deferred menu', () => {
  it('shows a plain menu button first and opens on a click made before its code arrived', async () => {
    const trigger = renderMenu();
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.click(trigger);

    expect(await screen.findByRole('menu')).toBeTruthy();
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual([
      'Português',
      'English',
    ]);
    const realTrigger = screen.getByRole('button', { name: 'Idioma' });
    expect(realTrigger.getAttribute('aria-expanded')).toBe('true');
    expect(realTrigger.getAttribute('aria-controls')).toBe(screen.getByRole('menu').id);
  });

  it('opens with ArrowDown before and after its code arrived, and closes back to its trigger', async () => {
    fireEvent.keyDown(renderMenu(), { key: 'ArrowDown' });
    expect(await screen.findByRole('menu')).toBeTruthy();

    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    const trigger = screen.getByRole('button', { name: 'Idioma' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => expect(document.activeElement).toBe(trigger));

    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    expect(await screen.findByRole('menu')).toBeTruthy();
  });

  it('keeps the focus on the trigger when the plain one is swapped for the real one', async () => {
    const plain = renderMenu();
    plain.focus();
    fireEvent.focus(plain);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Idioma' })).not.toBe(plain));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Idioma' }));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('fetches its code once the page is idle after loading, unasked', async () => {
    const plain = renderMenu();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Idioma' })).not.toBe(plain));
    expect(screen.getByRole('button', { name: 'Idioma' }).id).toBeTruthy();
  });

  it('keeps the plain trigger through a press under way when the code arrives, and opens on its click', async () => {
    const { loadMenu } = await import('./deferred-menu.tsx');
    const plain = renderMenu();
    fireEvent.pointerDown(plain);
    await loadMenu();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Swapped now, the button under the pointer would not get the release, and the click would be lost.
    expect(screen.getByRole('button', { name: 'Idioma' })).toBe(plain);

    fireEvent.pointerUp(plain);
    fireEvent.click(plain);
    expect(await screen.findByRole('menu')).toBeTruthy();
  });
});
