// The worker's review routes, called from the browser with the visitor's access token (as
// /admin-setup calls the worker: the API's origin is PUBLIC_API_URL). A refusal's Portuguese
// message is the worker's own ({error: {code, message}}).
import type { ListingKind, Review, ReviewInput } from '@guia-fortim/domain';
import { authConfig } from '../auth/config.ts';
import { REVIEW_TEXT } from './messages.ts';

export type ApiResult<T> = { ok: true; value: T } | { ok: false; message: string };

/** The access token of the signed-in visitor (refreshed when due), or null when signed out. */
export async function accessToken(): Promise<string | null> {
  const { getSupabase } = await import('../auth/client.ts');
  const { data } = await getSupabase().auth.getSession();
  return data.session?.access_token ?? null;
}

async function call<T>(
  token: string,
  method: 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(`${authConfig().apiUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { ok: false, message: REVIEW_TEXT.network };
  }
  const answer = (await response.json().catch(() => null)) as {
    error?: { message?: unknown };
  } | null;
  if (!response.ok) {
    const message = answer?.error?.message;
    return {
      ok: false,
      message: typeof message === 'string' && message ? message : REVIEW_TEXT.failed,
    };
  }
  return { ok: true, value: answer as T };
}

export function submitReview(
  token: string,
  kind: ListingKind,
  listingId: string,
  input: ReviewInput,
): Promise<ApiResult<{ review: Review }>> {
  return call(token, 'POST', '/api/reviews', { kind, listing_id: listingId, ...input });
}

export function editReview(
  token: string,
  id: string,
  input: ReviewInput,
): Promise<ApiResult<{ review: Review }>> {
  return call(token, 'PATCH', `/api/reviews/${encodeURIComponent(id)}`, input);
}

export function deleteReview(token: string, id: string): Promise<ApiResult<unknown>> {
  return call(token, 'DELETE', `/api/reviews/${encodeURIComponent(id)}`);
}

export function reportReview(token: string, id: string): Promise<ApiResult<unknown>> {
  return call(token, 'POST', `/api/reviews/${encodeURIComponent(id)}/report`);
}
