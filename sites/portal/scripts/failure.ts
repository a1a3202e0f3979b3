// How astro-build.ts and astro-worker-build.ts end an answer that failed: the whole error, then the result
// line build.ts reads, both on stdout (the reader closes an answer's log at the result line, and
// two pipes keep no order between them).

/** Prints `error` and the {"result":"failed"} line: why, in one line, without `root`'s paths. */
export function printFailure(error: unknown, root: string): void {
  console.log(error instanceof Error ? (error.stack ?? error.message) : String(error));
  const message = error instanceof Error ? error.message : String(error);
  const firstLine = message.split('\n').find((line) => line.trim() !== '') ?? 'erro desconhecido';
  const reason = firstLine.replaceAll(root, '').trim().slice(0, 200);
  console.log(JSON.stringify({ result: 'failed', error: reason }));
}
