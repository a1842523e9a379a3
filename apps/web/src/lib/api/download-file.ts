import { apiClient } from './clients.ts';

/** The file name from `Content-Disposition` (RFC 6266 `filename*` first), else a plain default. */
export function getFileName(disposition: string | undefined, fallback: string): string {
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (encoded) return decodeURIComponent(encoded.trim());
  return /filename\s*=\s*"?([^";]+)"?/i.exec(disposition ?? '')?.[1]?.trim() || fallback;
}

/** Hands `blob` to the browser as a download named `fileName`. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * `GET <API_URL>/<path>` through the API client (Bearer token, organization, Accept-Language), saved under the
 * server's file name: a plain link could not carry the token.
 */
export async function downloadFile(
  path: string,
  params: Record<string, string>,
  fallbackName: string,
): Promise<void> {
  const response = await apiClient.get<Blob>(path, { params, responseType: 'blob' });
  saveFile(response.data, getFileName(response.headers['content-disposition'], fallbackName));
}
