// Runs Biome (lint and format). The registry these machines use serves Biome's Linux x64 binary but not
// the other platform packages its `@biomejs/biome` wrapper lists, which breaks `npm ci`; so the project
// depends on the binary package directly (decision 002) and finds whichever Biome is installed.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const candidates = ['@biomejs/cli-linux-x64/biome', '@biomejs/biome/bin/biome'];

function findBiome() {
  for (const candidate of candidates) {
    try {
      const resolved = require.resolve(candidate);
      if (existsSync(resolved)) return resolved;
    } catch {
      // not installed on this platform
    }
  }
  return null;
}

const biome = findBiome();
if (!biome) {
  console.error(
    'Biome is not installed for this platform. Install it with `npm install --no-save @biomejs/biome@2.6.8`.',
  );
  process.exit(1);
}
const isNodeScript = path.extname(biome) === '' && biome.includes(`${path.sep}bin${path.sep}`);
const result = isNodeScript
  ? spawnSync(process.execPath, [biome, ...process.argv.slice(2)], { stdio: 'inherit' })
  : spawnSync(biome, process.argv.slice(2), { stdio: 'inherit' });
process.exit(result.status ?? 1);
