import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setUpScreenPortal } from '#web/test/screen-portal.ts';

// The portal on its own (ROLE=portal) runs no data source, so its /api/status reports "ok".
const portal = setUpScreenPortal();

describe('the status banner while the status is ok', () => {
  it('is not there, and takes no room', { timeout: 40_000 }, async () => {
    const { body } = await portal.server.call<{ status: string }>('GET', '/status');
    expect(body.status).toBe('ok');
    await portal.app.renderApp('/pricing', 'pt-BR');
    await screen.findByRole('heading', { level: 1 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.queryByRole('status', { name: 'Aviso de status' })).toBeNull();
    expect(screen.queryByText(/fora do ar/)).toBeNull();
    expect(screen.getByRole('banner').nextElementSibling?.tagName).toBe('MAIN');
  });
});
