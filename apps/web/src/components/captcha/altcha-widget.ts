// Loaded on demand, only when ALTCHA is the configured provider: the widget without its bundled workers,
// so the proof of work runs in a worker file served by this site (no blob: workers under the CSP).
import 'altcha/external';
import 'altcha/altcha.css';
import './altcha-theme.css';
import 'altcha/i18n/pt-br';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';

// altcha-lib 2.8.0 on the server signs PBKDF2/SHA-256 challenges (modules/captcha/altcha.ts).
for (const algorithm of ['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512']) {
  globalThis.$altcha.algorithms.set(algorithm, () => new Pbkdf2Worker());
}
