// `npm start`: build the web app once if needed, then run the one server (SPA + portal API + public APIs)
// in this same process, so the process you stop is the server itself.
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { buildWebIfNeeded } from './web-build.mjs';

buildWebIfNeeded();
register();
await import(path.resolve(import.meta.dirname, '../apps/server/src/server.ts'));
