import { panelConfig } from './config.ts';
import { accessToken } from './supabase.ts';

/** A failure the worker explained in Portuguese, or a network failure in the panel's words. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;
  /** Where react-admin's forms look for the server's messages per field. */
  readonly body: { errors: Record<string, string> };
  constructor(message: string, status: number, code: string, fields: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.body = { errors: fields };
  }
}

const NETWORK_MESSAGE = 'Não foi possível falar com o servidor. Verifique sua conexão.';
const UNKNOWN_MESSAGE = 'O servidor respondeu com um erro inesperado. Tente novamente.';

export function apiUrl(path: string): string {
  return `${panelConfig().apiUrl}/api${path}`;
}

/** Turns the worker's `{error:{code,message,fields?}}` into an ApiError. */
export function errorFromBody(status: number, body: unknown): ApiError {
  const error = (body as { error?: { code?: unknown; message?: unknown; fields?: unknown } } | null)
    ?.error;
  const message = typeof error?.message === 'string' ? error.message : UNKNOWN_MESSAGE;
  const code = typeof error?.code === 'string' ? error.code : 'unknown';
  const fields =
    error?.fields && typeof error.fields === 'object'
      ? Object.fromEntries(
          Object.entries(error.fields as Record<string, unknown>).map(([k, v]) => [
            k,
            Array.isArray(v) ? v.join(' ') : String(v),
          ]),
        )
      : {};
  return new ApiError(message, status, code, fields);
}

async function authHeaders(): Promise<Record<string, string>> {
  const token = await accessToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** Calls the worker with the session's access token; resolves with the JSON body (or null). */
export async function api<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = await authHeaders();
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(NETWORK_MESSAGE, 0, 'network');
  }
  const text = await response.text();
  let json: unknown = null;
  if (text !== '') {
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
  }
  if (!response.ok) throw errorFromBody(response.status, json);
  return json as T;
}

export interface UploadedImage {
  hero: string;
  card: string;
  thumb: string;
}

/** Multipart upload with progress (fetch cannot report upload progress; XMLHttpRequest can). */
export async function uploadImage(
  file: Blob,
  fileName: string,
  folder: string,
  onProgress: (fraction: number) => void,
): Promise<UploadedImage> {
  const headers = await authHeaders();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(`/images?folder=${encodeURIComponent(folder)}`));
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(NETWORK_MESSAGE, 0, 'network'));
    xhr.onload = () => {
      let json: unknown = null;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        json = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && json && typeof json === 'object') {
        onProgress(1);
        resolve(json as UploadedImage);
      } else {
        reject(errorFromBody(xhr.status, json));
      }
    };
    const form = new FormData();
    form.append('file', file, fileName);
    xhr.send(form);
  });
}
