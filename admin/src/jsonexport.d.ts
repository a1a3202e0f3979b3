// jsonexport ships no types; react-admin's own exporter imports it the same way.
declare module 'jsonexport/dist' {
  export default function jsonExport(
    data: readonly Record<string, unknown>[],
    options: { rowDelimiter?: string; endOfLine?: string },
    callback: (error: Error | null, csv: string) => void,
  ): void;
}
