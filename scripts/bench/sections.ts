// Each benchmark the report gathers: which npm script produces it, the JSON file it writes under
// .data/bench/, and how its figures become report rows with their targets.

export type Row = {
  section: string;
  figure: string;
  value: string;
  target?: string;
  comparison?: string;
};

export type Section = {
  id: string;
  title: string;
  workspace: string;
  script: string;
  file: string;
  rows: (json: never) => Row[];
};

type Load = {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  concurrency: number;
};
const load = (l: Load) =>
  `${l.requestsPerSecond} req/s, p50 ${l.p50Ms} ms, p99 ${l.p99Ms} ms, ${l.errors} erros (${l.concurrency} simultâneos)`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const dbLocal: Section = {
  id: 'db',
  title: 'db/local (Supabase local)',
  workspace: 'db',
  script: 'bench',
  file: 'db-local.json',
  rows: (json: {
    coldStartMs: number;
    restartMs: number;
    pglite: { listRead: Load; signIn: Load };
    postgres: { listRead: Load; signIn: Load } | null;
  }) => {
    const s = 'db/local';
    return [
      {
        section: s,
        figure: 'partida a frio (migrar + seed, diretório vazio)',
        value: seconds(json.coldStartMs),
      },
      { section: s, figure: 'nova partida com dados', value: seconds(json.restartMs) },
      {
        section: s,
        figure: 'leitura de lista (PGlite)',
        value: load(json.pglite.listRead),
        target: '0 erros',
        ...(json.postgres ? { comparison: `PostgreSQL 15: ${load(json.postgres.listRead)}` } : {}),
      },
      {
        section: s,
        figure: 'login com senha (PGlite, bcrypt 10)',
        value: load(json.pglite.signIn),
        target: '0 erros',
        ...(json.postgres ? { comparison: `PostgreSQL 15: ${load(json.postgres.signIn)}` } : {}),
      },
    ];
  },
};

type ImageRun = {
  megapixels: number;
  worker: { medianMs: number; peakWorkerdMb: number; peakWranglerMb: number };
  sharpInNode: { medianMs: number; peakRssMb: number };
};

const worker: Section = {
  id: 'worker',
  title: 'workers/api (imagens e mutações)',
  workspace: 'workers/api',
  script: 'bench',
  file: 'worker.json',
  rows: (json: {
    images: ImageRun[];
    mutations: {
      clients: number;
      requestsPerSecond: number;
      p50Ms: number;
      p99Ms: number;
      failures: number;
      databaseAlone: { p50Ms: number; p99Ms: number };
    };
  }) => {
    const s = 'worker';
    const m = json.mutations;
    return [
      ...json.images.map((run) => ({
        section: s,
        figure: `3 variantes JPEG de ${run.megapixels} MP (binding Images)`,
        value: `${run.worker.medianMs} ms; pico workerd ${run.worker.peakWorkerdMb} MB, wrangler ${run.worker.peakWranglerMb} MB`,
        target: 'fora do isolate (128 MB)',
        comparison: `sharp no Node: ${run.sharpInNode.medianMs} ms, pico ${run.sharpInNode.peakRssMb} MB`,
      })),
      {
        section: s,
        figure: `mutações com ${m.clients} admins simultâneos`,
        value: `${m.requestsPerSecond} req/s, p50 ${m.p50Ms} ms, p99 ${m.p99Ms} ms, ${m.failures} falhas`,
        target: '0 falhas',
        comparison: `db/local direto: p50 ${m.databaseAlone.p50Ms} ms, p99 ${m.databaseAlone.p99Ms} ms`,
      },
    ];
  },
};

export const SECTIONS: Section[] = [dbLocal, worker];
