import { ApiError } from './api.ts';

/** The worker's Portuguese message when there is one, else the screen's own text. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && /[áéíóúãõçê]/i.test(error.message)) return error.message;
  return fallback;
}
