/**
 * Where a page has no toasts' corner yet (a prerendered public page, decision 039), the mount that the first
 * toast runs: visitors who never see a toast never load its code. The SPA mounts its corner with the app.
 * No imports: the page's script sets it without pulling the toasts' code in.
 */
let mountCorner: (() => void) | undefined;

/** Set by a prerendered page's script: `mount` puts the corner in the page, once. */
export function mountToastCornerOnFirstToast(mount: () => void): void {
  mountCorner = mount;
}

/** Called before every toast: mounts the corner the first time, if the page asked for it. */
export function ensureToastCorner(): void {
  const mount = mountCorner;
  mountCorner = undefined;
  mount?.();
}
