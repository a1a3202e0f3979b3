import { type ApiClient, apiClient } from '@guia-fortim/api/client';
import type { ClientResponse } from 'hono/client';
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

/** A network failure in the panel's words (the typed client calls fetch through this). */
const reachWorker: typeof fetch = async (input, init) => {
  try {
    return await fetch(input, init);
  } catch {
    throw new ApiError(NETWORK_MESSAGE, 0, 'network');
  }
};

let client: { url: string; worker: ApiClient } | undefined;

/**
 * The worker through its typed client (the session's access token on every call). Made on first
 * use: the panel's configuration, which holds the worker's address, is read when the panel starts.
 */
export function worker(): ApiClient {
  const url = panelConfig().apiUrl;
  if (client?.url !== url) {
    // An empty address is the panel's own origin; the client needs it whole to make addresses.
    const base = url === '' ? window.location.origin : url;
    client = { url, worker: apiClient(base, { fetch: reachWorker, headers: authHeaders }) };
  }
  return client.worker;
}

/** What a route answers when it succeeds (refusals come back as ApiError). */
type Answer<R> = R extends ClientResponse<infer T, number, string> ? T : never;

/** The body of the worker's answer, or its refusal as an ApiError. */
export async function answer<R extends ClientResponse<unknown, number, string>>(
  request: Promise<R>,
): Promise<Answer<R>> {
  const response = await request;
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
  return json as Answer<R>;
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
    const url = worker().api.images.$url();
    url.searchParams.set('folder', folder);
    xhr.open('POST', url.href);
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
