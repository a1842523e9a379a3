import type { TestProject } from 'vitest/node';
import { ensurePgliteTemplate } from './global-setup.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data directory (a gzipped tarball) a spawned server can start from. */
    pgliteTemplate: string;
  }
}

/**
 * For the web screen tests, whose real portal server runs in its own process on its own data directory:
 * that directory starts as the migrated template, so the server does not migrate an empty database (3 s).
 */
export default async function setup(project: TestProject) {
  project.provide('pgliteTemplate', await ensurePgliteTemplate());
}
