import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '#web/test/test-utils.tsx';

/**
 * Issue 23: the hero's code wraps on a phone between tokens only. Each run of letters and digits is one
 * unbreakable element (the stylesheet keeps it on one line); lines may break after the punctuation.
 */
describe('the landing hero', () => {
  it('keeps the CEP and the placeholder whole, each in an element of its own', async () => {
    await renderApp('/');
    const [cep] = await screen.findAllByText('01001000');
    expect(cep?.tagName).toBe('SPAN');
    expect(cep?.className).toMatch(/token/);
    for (const placeholder of screen.getAllByText('SEU_TOKEN')) {
      expect(placeholder.className).toMatch(/token/);
    }
    // A line may break after the path's slashes, never inside a token.
    expect(cep?.closest('pre')?.querySelectorAll('wbr').length).toBeGreaterThan(0);
  });
});
