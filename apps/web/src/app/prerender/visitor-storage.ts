/**
 * The prerender renders what a first visit shows (decision 039): empty storages for the modules that read
 * one as they load (the API clients' token, the session), installed by importing the in-memory Storage
 * Node tests use. Imported first by the renderer, so it runs before them.
 */
import '#web/lib/test-storage.ts';
