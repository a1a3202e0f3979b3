// One JSON log line per event, always carrying the request id.
import type { Context } from 'hono';

type Level = 'info' | 'warn' | 'error';

export function log(
  c: Context,
  level: Level,
  message: string,
  data: Record<string, unknown> = {},
): void {
  const line = JSON.stringify({
    level,
    requestId: c.get('requestId') as string | undefined,
    message,
    ...data,
  });
  if (level === 'error') console.error(line);
  else if (level === 'warn') console.warn(line);
  else console.log(line);
}
