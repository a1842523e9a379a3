import { type AxiosInstance, type AxiosResponse, isAxiosError } from 'axios';
import { apiClient } from './clients.ts';
import { normalizeError } from './normalize-error.ts';

export type QueryParams = Record<string, string | number | boolean | null | undefined>;
export type FormFields = Record<string, string | number | boolean | Blob | null | undefined>;

/** Spec §7: query parameters joined as key=value; empty values are left out. */
export function withQuery(url: string, params?: QueryParams): string {
  const pairs = Object.entries(params ?? {})
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  if (pairs.length === 0) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${pairs.join('&')}`;
}

function toFormData(fields: FormFields): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    form.append(name, value instanceof Blob ? value : String(value));
  }
  return form;
}

// A failed blob download carries its JSON error body as a Blob; read it so the message survives.
async function readBlobErrorBody(error: unknown): Promise<unknown> {
  if (!isAxiosError(error) || !(error.response?.data instanceof Blob)) return error;
  try {
    error.response.data = JSON.parse(await error.response.data.text());
  } catch {
    // Not JSON: normalizeError falls back to the generic message.
  }
  return error;
}

async function send<T>(request: Promise<AxiosResponse<T>>): Promise<T> {
  try {
    return (await request).data;
  } catch (error) {
    throw normalizeError(await readBlobErrorBody(error));
  }
}

const MULTIPART = { headers: { 'Content-Type': 'multipart/form-data' } };

/** The request helper of spec §7: every call resolves with the body or rejects with `{ status, message }`. */
export function createRequestHelper(client: AxiosInstance) {
  const get = <T = unknown>(url: string, params?: QueryParams) => send(client.get<T>(withQuery(url, params)));
  return {
    get,
    getBlob: (url: string, params?: QueryParams) =>
      send(client.get<Blob>(withQuery(url, params), { responseType: 'blob' })),
    getAll: <T = unknown>(urls: readonly string[]) => Promise.all(urls.map((url) => get<T>(url))),
    post: <T = unknown>(url: string, body?: unknown) => send(client.post<T>(url, body)),
    put: <T = unknown>(url: string, body?: unknown) => send(client.put<T>(url, body)),
    patch: <T = unknown>(url: string, body?: unknown) => send(client.patch<T>(url, body)),
    del: <T = unknown>(url: string, body?: unknown) => send(client.delete<T>(url, { data: body })),
    postForm: <T = unknown>(url: string, fields: FormFields) =>
      send(client.post<T>(url, toFormData(fields), MULTIPART)),
    patchForm: <T = unknown>(url: string, fields: FormFields) =>
      send(client.patch<T>(url, toFormData(fields), MULTIPART)),
  };
}

export type RequestHelper = ReturnType<typeof createRequestHelper>;

export const { get, getBlob, getAll, post, put, patch, del, postForm, patchForm } =
  createRequestHelper(apiClient);
