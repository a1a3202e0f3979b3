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
/** LCP in hundredths: several pages sit within a tenth of a second of the 1.2 s target. */
const lcp = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const dbLocal: Section = {
  id: 'db',
  title: 'db/local (Supabase local)',
  workspace: 'db/local',
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
        ...(json.postgres ? { comparison: `PostgreSQL 17: ${load(json.postgres.listRead)}` } : {}),
      },
      {
        section: s,
        figure: 'login com senha (PGlite, bcrypt 10)',
        value: load(json.pglite.signIn),
        target: '0 erros',
        ...(json.postgres ? { comparison: `PostgreSQL 17: ${load(json.postgres.signIn)}` } : {}),
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
        figure: `3 tamanhos em JPEG, WebP e AVIF (8 arquivos) de ${run.megapixels} MP (binding Images)`,
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

type PageFigures = {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  bytes: { js: number; css: number; html: number; images: number; imagesAsJpeg?: number };
  runs?: { performance: number; tbtMs: number }[];
};
type BuildFigures = {
  listings: number;
  pages: number;
  ms: number;
  peakMb: number;
  listPageBytes: number;
  restBytes: number;
  /** Absent in reports from before the site search. */
  index?: { files: number; bytes: number };
};

const kindsOf = (kinds: Record<string, number> = {}) => {
  const list = Object.entries(kinds).map(([kind, n]) => `${kind}: ${n}`);
  return list.length > 0 ? ` (${list.join(', ')})` : '';
};

/**
 * LCP of the pages that loaded module scripts before their first paint, before they were made
 * inline or deferred (a411b95; Lighthouse mobile, median of 5, load 1.5–2.2).
 */
const LCP_BEFORE_MS: Record<string, number> = { '/': 1330, '/busca': 1310 };

function pageRows(s: string, p: PageFigures): Row[] {
  return [
    {
      section: s,
      figure: `${p.path}: desempenho / acessibilidade / boas práticas / SEO`,
      value: `${p.performance} / ${p.accessibility} / ${p.bestPractices} / ${p.seo}`,
      target: '100 / 100 / 100 / 100',
      comparison: p.runs
        ? `desempenho (TBT) de cada execução: ${p.runs.map((r) => `${r.performance} (${r.tbtMs} ms)`).join(', ')}`
        : undefined,
    },
    {
      section: s,
      figure: `${p.path}: LCP / TBT / CLS`,
      value: `${lcp(p.lcpMs)} / ${p.tbtMs} ms / ${p.cls.toFixed(3)}`,
      target: 'LCP ≤ 1,2 s; TBT ≤ 200 ms; CLS ≤ 0,1',
      comparison:
        p.path in LCP_BEFORE_MS
          ? `LCP antes (a411b95, scripts de módulo antes da primeira pintura): ${lcp(LCP_BEFORE_MS[p.path] ?? 0)}`
          : undefined,
    },
    {
      section: s,
      figure: `${p.path}: JS comprimido`,
      value: kb(p.bytes.js),
      target: '≤ 80 KB',
      comparison: 'SPA típico ~190 KB',
    },
    {
      section: s,
      figure: `${p.path}: CSS / HTML / imagens comprimidos`,
      value: `${kb(p.bytes.css)} / ${kb(p.bytes.html)} / ${kb(p.bytes.images)}`,
    },
    ...(p.bytes.imagesAsJpeg !== undefined && p.bytes.imagesAsJpeg > 0
      ? [
          {
            section: s,
            figure: `${p.path}: fotos num celular (AVIF/WebP) contra as mesmas em JPEG`,
            value: `${kb(p.bytes.images)} contra ${kb(p.bytes.imagesAsJpeg)} (${Math.round((1 - p.bytes.images / p.bytes.imagesAsJpeg) * -100)}%)`,
            target: '≤ −40% nas páginas de lista, com SSIM igual (seção fotos)',
          },
        ]
      : []),
  ];
}

function buildRows(s: string, builds: BuildFigures[]): Row[] {
  const first = builds[0];
  return builds.flatMap((b) => [
    {
      section: s,
      figure: `build com ${b.listings} listagens (${b.pages} páginas)`,
      value: `${seconds(b.ms)}, pico ${b.peakMb} MB`,
      target: 'crescimento linear',
      ...(first && b !== first
        ? {
            comparison: `vs ${first.listings}: listagens ×${b.listings / first.listings}, tempo ×${(b.ms / first.ms).toFixed(1)}, memória ×${(b.peakMb / first.peakMb).toFixed(1)}`,
          }
        : {}),
    },
    {
      section: s,
      figure: `/hospedagem com ${b.listings} listagens`,
      value: `HTML ${kb(b.listPageBytes)} + JSON carregado depois ${kb(b.restBytes)}`,
      target: 'HTML limitado (não cresce com as listagens)',
      ...(first && b !== first
        ? { comparison: `com ${first.listings}: HTML ${kb(first.listPageBytes)}` }
        : {}),
    },
    ...(b.index
      ? [
          {
            section: s,
            figure: `índice de busca com ${b.listings} listagens (guardado offline)`,
            value: `${b.index.files} arquivos, ${kb(b.index.bytes)}`,
            target: 'arquivos limitados (fragmentos agrupados acima de 300 páginas)',
          },
        ]
      : []),
  ]);
}

type SearchFigures = {
  query: string;
  runs: number;
  firstResultsMs: number;
  scriptBytes: number;
  wasmBytes: number;
  indexBytes: number;
  index: { files: number; bytes: number };
};

function searchRows(s: string, search: SearchFigures): Row[] {
  return [
    {
      section: s,
      figure: `busca “${search.query}”: até os primeiros resultados (cache frio, mediana de ${search.runs})`,
      value: `${search.firstResultsMs} ms`,
    },
    {
      section: s,
      figure: 'busca: bytes da primeira busca (gzip)',
      value: `JS ${kb(search.scriptBytes)} + WebAssembly ${kb(search.wasmBytes)} + índice ${kb(search.indexBytes)} = ${kb(search.scriptBytes + search.wasmBytes + search.indexBytes)}`,
      target: '≤ 80 KB de JS depois de usada; nenhum JS a mais no carregamento das listas',
    },
    {
      section: s,
      figure: 'busca: índice inteiro (dados de demonstração)',
      value: `${search.index.files} arquivos, ${kb(search.index.bytes)}`,
    },
  ];
}

const site: Section = {
  id: 'site',
  title: 'site público (Lighthouse, carga, build)',
  workspace: 'tests',
  script: 'bench',
  file: 'site.json',
  rows: (json: {
    runs: number;
    served?: {
      pages: PageFigures[];
      search?: SearchFigures;
      load?: Load & { durationS: number; urls: number; errorKinds?: Record<string, number> };
    };
    builds?: BuildFigures[];
    photos?: PhotoQuality[];
  }) => {
    const s = 'site';
    const served = json.served;
    return [
      ...(served?.pages.flatMap((p) =>
        pageRows(`site (Lighthouse móvel, mediana de ${json.runs})`, p),
      ) ?? []),
      ...(served?.search ? searchRows(s, served.search) : []),
      ...(served?.load
        ? [
            {
              section: s,
              figure: `${served.load.concurrency} visitantes simultâneos por ${served.load.durationS} s (origem local, comprimido; ${served.load.urls} páginas e recursos)`,
              value: `${load(served.load)}${kindsOf(served.load.errorKinds)}`,
              target: '0 erros',
            },
          ]
        : []),
      ...(json.photos ?? []).map(
        (q): Row => ({
          section: 'fotos',
          figure: `${q.variant} em ${q.format} (${q.photos} fotos de demonstração): SSIM médio / mínimo, bytes médios`,
          value: `${q.meanSsim.toFixed(4)} / ${q.minSsim.toFixed(4)}, ${kb(q.meanBytes)}`,
          target:
            q.format === 'jpeg' ? undefined : 'SSIM médio ≥ o do JPEG do mesmo tamanho − 0,001',
        }),
      ),
      ...buildRows(s, json.builds ?? []),
    ];
  },
};

type PhotoQuality = {
  variant: string;
  format: string;
  photos: number;
  meanSsim: number;
  minSsim: number;
  meanBytes: number;
};

const admin: Section = {
  id: 'admin',
  title: 'painel administrativo (JS e primeira tela)',
  workspace: 'admin',
  script: 'bench',
  file: 'admin.json',
  rows: (json: {
    entryBytes: number;
    firstScreenBytes: number;
    screenBytes: Record<string, number>;
    firstScreenPackages: Record<string, number>;
    largeList: { listings: number; openedMs: number; firstPageMs: number; searchMs: number };
    runs: number;
    firstUsableMs: number;
    transferredJsBytes: number;
  }) => {
    const s = 'painel';
    const screens = Object.values(json.screenBytes);
    const largest = Object.entries(json.firstScreenPackages)
      .slice(0, 6)
      .map(([name, bytes]) => `${name} ${kb(bytes)}`)
      .join(', ');
    return [
      {
        section: s,
        figure: 'JS até o dashboard (gzip, pelo manifest)',
        value: `${kb(json.firstScreenBytes)} (entrada react-admin + MUI + supabase-js: ${kb(json.entryBytes)})`,
        target:
          'rumo a 250 KB (341 KB antes das listas como <Resource>; 347,5 KB com <Admin>, sem o login e o inglês embutidos)',
        comparison: 'site público: ≤ 80 KB por página',
      },
      {
        section: s,
        figure: 'do que é feito (gzip de cada módulo, por pacote; mapa em panel-bundle.html)',
        value: largest,
        target: 'informativo',
      },
      {
        section: s,
        figure: `cada outra tela, ao ser aberta (${screens.length} telas)`,
        value: `${kb(Math.min(...screens))} a ${kb(Math.max(...screens))}`,
        target: 'carregada sob demanda',
      },
      {
        section: s,
        figure: `primeira tela utilizável (RTT 150 ms, 1,6 Mbit/s, CPU 4×; mediana de ${json.runs})`,
        value: `${seconds(json.firstUsableMs)}, ${kb(json.transferredJsBytes)} de JS transferidos`,
        comparison: `JS pelo manifest: ${kb(json.firstScreenBytes)}`,
      },
      {
        section: s,
        figure: `lista com ${json.largeList.listings} hospedagens: primeira página aberta pelo menu; a mais antiga por 'Buscar por nome' (mediana de ${json.runs})`,
        value: `${seconds(json.largeList.firstPageMs)}; ${seconds(json.largeList.searchMs)}`,
        target: '< 1 s',
        comparison: `numa aba nova, com o início do painel: ${seconds(json.largeList.openedMs)}`,
      },
    ];
  },
};

type Publish = { listings: number; runsMs: number[]; medianMs: number; failedBuilds: number };
/** One size's publish figures (tests/bench/stack.ts). */
type PublishAtSize = {
  newListingsMs: number | null;
  listing: Publish;
  /** Reports from before the measure existed lack it. */
  duringBuild?: Publish;
  /** Reports from before the site Worker rendered created and deleted listings lack them. */
  create?: Publish;
  delete?: Publish;
  underLoad?: {
    concurrency: number;
    requests: number;
    errors: number;
    p99Ms: number;
    swapCovered: boolean;
  };
  settings: Publish;
};
/**
 * A renamed listing's publish before the incremental build, by listings (69bc7fc: a fresh
 * process and a full build per publish, 2 s of coalescing; one run each, load 1.0–1.7).
 */
const PUBLISH_BEFORE_MS: Record<number, number> = { 25: 9329, 1025: 17625, 10025: 57707 };
/** The same with Astro's incremental build in a warm process, before the renderer (4a05a26). */
const PUBLISH_INCREMENTAL_MS: Record<number, number> = { 25: 4400, 1025: 7400, 10025: 22900 };
/**
 * A rename saved while the whole build after another one ran, before a save could be published
 * during a build (43e9be4: it waited for that build and the next; median of 3, load 2.1 → 0.1).
 */
const PUBLISH_DURING_BUILD_BEFORE_MS: Record<number, number> = {
  25: 1788,
  1025: 2328,
  10025: 7808,
};

type Events = {
  targetPerSecond: number;
  ratePerSecond: number;
  durationS: number;
  sent: number;
  errors: number;
  errorKinds: Record<string, number>;
  p50Ms: number;
  p99Ms: number;
  counted: number;
  exact: boolean;
  settleMs: number;
};
const eventsRow = (e: Events, where: string): Row => ({
  section: 'estatísticas',
  figure: `beacons de visitantes → contagens no banco, ${where} (${e.sent} em ${e.durationS} s)`,
  value: `${e.ratePerSecond}/s (pedidos: ${e.targetPerSecond}/s), p50 ${e.p50Ms} ms, p99 ${e.p99Ms} ms, ${e.errors} erros${
    e.errors > 0
      ? ` (${Object.entries(e.errorKinds)
          .map(([k, n]) => `${k}: ${n}`)
          .join(', ')})`
      : ''
  }; ${e.counted} contados, ${e.exact ? 'exatos' : 'DIFERENTES do enviado'}, ${seconds(e.settleMs)} até o último`,
  target: '500/s por 20 s, 0 erros, contagens exatas',
});

const stack: Section = {
  id: 'stack',
  title: 'npm start e publicação',
  workspace: 'tests',
  script: 'bench:stack',
  file: 'stack.json',
  rows: (json: {
    photosCached: boolean;
    /** Absent in figures from before the bench said it: the bundle was built then. */
    bundleBuilt?: boolean;
    freshStartMs: number;
    secondStartMs: number;
    publish: PublishAtSize[];
    events?: Events;
    eventsWranglerDev?: Events;
  }) => {
    const s = 'npm start';
    const runs = (p: Publish) =>
      `${p.runsMs.map(seconds).join(', ')}${p.failedBuilds > 0 ? `; ${p.failedBuilds} build(s) falho(s) repetido(s)` : ''}`;
    return [
      {
        section: s,
        figure: `até pronto, diretório de dados vazio (fotos de demonstração ${json.photosCached ? 'já em cache' : 'desenhadas nesta partida'}; bundle do Worker do site ${json.bundleBuilt === false ? 'em cache, como após o primeiro npm start deste código' : 'construído nesta partida'})`,
        value: seconds(json.freshStartMs),
        target: '≤ 10 s',
      },
      {
        section: s,
        figure: 'até pronto, segunda partida com os dados',
        value: seconds(json.secondStartMs),
        target: '≤ 3 s',
        comparison: `primeira: ${seconds(json.freshStartMs)}`,
      },
      ...json.publish.flatMap(
        ({
          newListingsMs,
          listing,
          duringBuild,
          create,
          delete: deleted,
          underLoad,
          settings,
        }): Row[] => [
          ...(underLoad
            ? [
                {
                  section: 'publicação',
                  figure: `${underLoad.concurrency} visitantes durante uma publicação e a troca do build que a segue (${listing.listings} listagens)`,
                  value: `${underLoad.requests} pedidos, ${underLoad.errors} falhos, p99 ${underLoad.p99Ms} ms${underLoad.swapCovered ? '' : ' (a troca caiu fora da carga)'}`,
                  target: '0 falhos',
                },
              ]
            : []),
          {
            section: 'publicação',
            figure: `salvar no painel → página pública atualizada, uma listagem renomeada (${listing.listings} listagens; o Worker do site renderiza, depois o build incremental)`,
            value: `${seconds(listing.medianMs)} (execuções: ${runs(listing)})`,
            target: '≤ 3 s',
            comparison: `${
              listing.listings in PUBLISH_BEFORE_MS
                ? `antes (build completo, 69bc7fc): ${seconds(PUBLISH_BEFORE_MS[listing.listings] ?? 0)}; só o build incremental (4a05a26): ${seconds(PUBLISH_INCREMENTAL_MS[listing.listings] ?? 0)}; `
                : ''
            }uma configuração (todas as páginas): ${seconds(settings.medianMs)}${
              newListingsMs === null
                ? ''
                : `; listagens geradas publicadas em ${seconds(newListingsMs)}`
            }`,
          },
          ...(duringBuild
            ? [
                {
                  section: 'publicação',
                  figure: `o mesmo, salvo enquanto corre o build que seguiu a edição anterior (${duringBuild.listings} listagens)`,
                  value: `${seconds(duringBuild.medianMs)} (execuções: ${runs(duringBuild)})`,
                  target: '≤ 3 s',
                  comparison:
                    duringBuild.listings in PUBLISH_DURING_BUILD_BEFORE_MS
                      ? `antes (43e9be4: esperava esse build e mais um): ${seconds(PUBLISH_DURING_BUILD_BEFORE_MS[duringBuild.listings] ?? 0)}`
                      : '',
                },
              ]
            : []),
          ...[
            [create, 'uma listagem criada → a página dela no ar'],
            [deleted, 'uma listagem excluída → a página dela responde 404'],
          ].flatMap(([p, figure]) =>
            p && typeof p === 'object'
              ? [
                  {
                    section: 'publicação',
                    figure: `${figure} (${p.listings} listagens)`,
                    value: `${seconds(p.medianMs)} (execuções: ${runs(p)})`,
                    target: '≤ 3 s',
                  },
                ]
              : [],
          ),
        ],
      ),
      ...(json.events ? [eventsRow(json.events, 'worker no workerd')] : []),
      ...(json.eventsWranglerDev
        ? [{ ...eventsRow(json.eventsWranglerDev, 'pelo wrangler dev do npm start'), target: '' }]
        : []),
    ];
  },
};

type AdminRead = { screen: string; p50Ms: number; p95Ms: number; maxMs: number };

const adminReads: Section = {
  id: 'admin-reads',
  title: 'leituras do painel em escala (PostgreSQL 17)',
  workspace: 'tests',
  script: 'bench:admin-reads',
  file: 'admin-reads.json',
  rows: (json: {
    sizes: { listings: number; history: number; users: number; sessions: number };
    targetP95Ms: number;
    reads: AdminRead[];
  }) => {
    const s = 'leituras do painel';
    const { listings, history, users } = json.sizes;
    return json.reads.map((read) => ({
      section: s,
      figure: `${read.screen} (admin, count=exact; ${listings} listagens, ${history} entradas de histórico, ${users} usuários com sessão)`,
      value: `p50 ${read.p50Ms} ms, p95 ${read.p95Ms} ms, máx ${read.maxMs} ms`,
      target: `p95 ≤ ${json.targetP95Ms} ms (o Supabase hospedado corta em 8 s)`,
    }));
  },
};

export const SECTIONS: Section[] = [dbLocal, worker, site, admin, stack, adminReads];
