import { configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Screen tests wait on the real portal server (argon2, several round trips); on 2 loaded cores an answer
// can take longer than Testing Library's 1 s default for findBy/waitFor.
configure({ asyncUtilTimeout: 8000 });

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
