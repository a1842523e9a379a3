/// <reference types="vite/client" />

/** The app version, used as the persisted query cache's buster. */
declare const __APP_VERSION__: string;

/** A language's texts cut to the shell's keys (`shell-texts-plugin.ts`). */
declare module '*.json?shell' {
  const texts: Record<string, unknown>;
  export default texts;
}
