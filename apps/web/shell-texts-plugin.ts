import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

type Texts = { [key: string]: unknown };

const isSection = (value: unknown): value is Texts =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The entries of `full` at the keys `shape` has, at every depth. */
function pickShape(full: Texts, shape: Texts): Texts {
  const picked: Texts = {};
  for (const [key, value] of Object.entries(shape)) {
    const entry = full[key];
    if (entry === undefined) continue;
    picked[key] = isSection(value) && isSection(entry) ? pickShape(entry, value) : entry;
  }
  return picked;
}

const SHELL_FILE = 'pt-BR.shell.json';

/**
 * `import texts from './locales/en.json?shell'`: a language's texts cut to the keys of `pt-BR.shell.json`,
 * the shell's and the landing's (decision 016). The prerendered pages' islands start with these (decision
 * 039): an English visitor's landing fetches 2 KB of texts, not the whole catalogue.
 */
export function shellTexts(): Plugin {
  return {
    name: 'cotacep:shell-texts',
    enforce: 'pre',
    async load(id) {
      const [file = '', query] = id.split('?');
      if (query !== 'shell' || !file.endsWith('.json')) return null;
      const shellFile = path.join(path.dirname(file), SHELL_FILE);
      this.addWatchFile(shellFile);
      const [full, shell] = await Promise.all(
        [file, shellFile].map(async (name) => JSON.parse(await readFile(name, 'utf8'))),
      );
      return { code: `export default ${JSON.stringify(pickShape(full, shell))};`, moduleType: 'js' };
    },
  };
}
