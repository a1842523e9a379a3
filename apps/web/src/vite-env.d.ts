/// <reference types="vite/client" />

/** The app version, used as the persisted query cache's buster. */
declare const __APP_VERSION__: string;
