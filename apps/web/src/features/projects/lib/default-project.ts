/**
 * The names the server gives the project it creates for an account's first key (apps/server
 * `modules/projects/service.ts`, DEFAULT_PROJECT_NAMES), in either language: such a project gets a hint
 * that the user may rename it. A renamed project no longer matches, so the hint goes away.
 */
const DEFAULT_PROJECT_NAMES = new Set(['Projeto padrão', 'Default project']);

export const isDefaultProjectName = (name: string) => DEFAULT_PROJECT_NAMES.has(name);
