/** A project a key can belong to; the app hands the list in, since projects are another feature. */
export type ProjectOption = { id: string; name: string };
