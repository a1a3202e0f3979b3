// The Google map of every listing. The key is the visitor's own (local storage) or else the
// site's public browser key; without one, a form asks for it and the page still lists the places,
// and on the map page an administrator signed in is told where the site's key is set. The maps
// script loads once per page, only when there is a key.
import { importLibrary, setOptions } from '@googlemaps/js-api-loader';
import { MAPS_API_KEY_STORAGE_KEY } from '@guia-fortim/domain';
import { type SubmitEvent, useEffect, useId, useRef, useState } from 'react';
import { navigateWithToast } from '../lib/auth/flash.ts';
import {
  MAP_PLACES_PATH,
  type MapFilter,
  type MapPlace,
  placesOfFilter,
} from '../lib/map-places.ts';
import { readStoredUser } from '../lib/session.ts';
import { countListingEvent } from '../lib/stats.ts';
import {
  MAP_DEFAULT_CENTER,
  MAP_DEFAULT_ZOOM,
  MAP_FALLBACK_MARKER_TITLE,
  MAP_FILTERS,
  MAP_HEIGHT_EMBEDDED_PX,
  MARKER_COLORS,
  MARKER_LABELS,
  MARKER_OTHER_COLOR,
  type MarkerType,
} from '../lib/ui-constants.ts';

type Props = {
  /** The map page adds the filter buttons, information box, legend and list of places. */
  variant: 'page' | 'embedded';
  height?: number;
  /** Public browser key from the site settings ('' when none). */
  siteKey: string;
  /** db's MESSAGES.mapsKey, passed in so the island does not bundle the zod schemas. */
  emptyKeyMessage: string;
  /** Where supabase-js keeps the session (the map page): without a key, an administrator signed in
   * is told where to set the site's. */
  sessionKey?: string;
};

type Phase = 'starting' | 'no-key' | 'loading' | 'ready' | 'load-error' | 'init-error';

const MAP_MESSAGES = {
  loadError: 'Não foi possível carregar o mapa. Por favor, verifique a chave da API.',
  initError: 'Ocorreu um erro ao carregar o mapa.',
  saved: 'API Key salva',
  info: 'Este mapa é uma demonstração e precisa de uma chave válida da API do Google Maps para funcionar.',
  keyStaysHere: 'A chave fica salva apenas no seu navegador.',
  forAdmin:
    'Você é administrador: defina a chave da API do Google Maps do site no painel, em Mapa. Ela vale para todos os visitantes, e o site é publicado de novo com ela.',
} as const;

/** The panel's 'Mapa' screen, where the site's key is saved (admin/src/sidebar.ts). */
const PANEL_MAP_PATH = '/admin/mapa';

const PLACES_PAGE = 50;

let mapsConfigured = false;

/** The signed-in user of this browser, if any (read without supabase-js). */
function signedInUser(sessionKey: string) {
  try {
    return readStoredUser(localStorage.getItem(sessionKey));
  } catch {
    return null;
  }
}

function storedKey(): string {
  try {
    return localStorage.getItem(MAPS_API_KEY_STORAGE_KEY)?.trim() ?? '';
  } catch {
    return '';
  }
}

export default function MapView({
  variant,
  height = MAP_HEIGHT_EMBEDDED_PX,
  siteKey,
  emptyKeyMessage,
  sessionKey,
}: Props) {
  // Without a site key the form is in the HTML already (a key stored in this browser, read
  // once the island runs, replaces it by the map).
  const [phase, setPhase] = useState<Phase>(siteKey.trim() ? 'starting' : 'no-key');
  const [places, setPlaces] = useState<MapPlace[] | null>(null);
  const [filter, setFilter] = useState<MapFilter>('Todos');
  const [shownPlaces, setShownPlaces] = useState(PLACES_PAGE);
  const [admin, setAdmin] = useState(false);
  const canvas = useRef<HTMLElement>(null);
  const drawMarkers = useRef<((places: MapPlace[]) => void) | null>(null);
  const page = variant === 'page';

  useEffect(() => {
    const key = storedKey() || siteKey.trim();
    setPhase(key ? 'loading' : 'no-key');
    if (key || page) {
      fetch(MAP_PLACES_PATH)
        .then((response) => {
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          return response.json() as Promise<MapPlace[]>;
        })
        .then(setPlaces)
        .catch((error) => {
          console.error('Erro ao carregar os lugares do mapa:', error);
          setPlaces([]);
        });
    }
    if (!key) return;
    (window as { gm_authFailure?: () => void }).gm_authFailure = () => setPhase('load-error');
    if (!mapsConfigured) {
      setOptions({ key, v: 'weekly', libraries: ['places'], language: 'pt-BR', region: 'BR' });
      mapsConfigured = true;
    }
    Promise.all([importLibrary('maps'), importLibrary('marker')])
      .then(([maps, markers]) => {
        if (!canvas.current) return;
        try {
          drawMarkers.current = createMap(canvas.current, maps, markers);
          setPhase('ready');
        } catch (error) {
          console.error('Erro ao iniciar o mapa:', error);
          setPhase('init-error');
        }
      })
      .catch((error) => {
        console.error('Erro ao carregar o Google Maps:', error);
        setPhase('load-error');
      });
  }, [siteKey, page]);

  useEffect(() => {
    if (phase === 'ready' && places) drawMarkers.current?.(placesOfFilter(places, filter));
  }, [phase, places, filter]);

  useEffect(() => {
    const user = phase === 'no-key' && sessionKey ? signedInUser(sessionKey) : null;
    if (!user) return;
    let current = true;
    import('../lib/admin-role.ts')
      .then(({ hasAnyRole }) => hasAnyRole(user.id, ['admin']))
      .then((isAdmin) => {
        if (current) setAdmin(isAdmin);
      })
      .catch((error) => console.error('Erro ao buscar roles:', error));
    return () => {
      current = false;
    };
  }, [phase, sessionKey]);
  const visible = places ? placesOfFilter(places, filter) : null;

  const changeKey = () => {
    localStorage.removeItem(MAPS_API_KEY_STORAGE_KEY);
    if (siteKey.trim()) setPhase('no-key');
    else location.reload();
  };

  return (
    <div className="flex flex-col gap-4">
      {page && (
        <>
          <fieldset className="flex flex-wrap gap-2">
            <legend className="sr-only">Filtrar o mapa</legend>
            {MAP_FILTERS.map((name) => (
              <button
                key={name}
                type="button"
                aria-pressed={filter === name}
                onClick={() => {
                  setFilter(name);
                  setShownPlaces(PLACES_PAGE);
                }}
                className={`rounded-full border px-4 py-1.5 text-sm font-medium ${
                  filter === name
                    ? 'border-mar bg-mar text-white'
                    : 'border-slate-300 bg-white text-slate-700 hover:border-mar hover:text-mar'
                }`}
              >
                {name}
              </button>
            ))}
          </fieldset>
          <p className="rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900">
            {MAP_MESSAGES.info}
          </p>
        </>
      )}
      <div
        className="relative overflow-hidden rounded-xl bg-slate-100 ring-1 ring-slate-200"
        style={{ height }}
        data-map-box
      >
        <section
          ref={canvas}
          className={`absolute inset-0 ${phase === 'ready' ? '' : 'invisible'}`}
          aria-label="Mapa de Fortim"
        />
        {phase === 'no-key' && (
          <KeyForm
            forAdmin={admin}
            emptyMessage={emptyKeyMessage}
            // The page loads again with the key; the toast is carried over to it (the header's
            // toaster shows it), so the visitor sees it whatever the reload takes.
            onSaved={() =>
              navigateWithToast(
                `${location.pathname}${location.search}`,
                { title: MAP_MESSAGES.saved },
                true,
              )
            }
          />
        )}
        {(phase === 'load-error' || phase === 'init-error') && (
          <div
            role="alert"
            className="absolute inset-0 flex flex-col items-center justify-center gap-4 p-6 text-center"
          >
            <p className="max-w-md font-medium text-red-800">
              {phase === 'load-error' ? MAP_MESSAGES.loadError : MAP_MESSAGES.initError}
            </p>
            <button
              type="button"
              onClick={changeKey}
              className="rounded-lg bg-mar px-4 py-2 font-semibold text-white hover:bg-mar-escuro"
            >
              Alterar Chave da API
            </button>
          </div>
        )}
        {(phase === 'starting' || phase === 'loading') && (
          <p className="absolute inset-0 flex items-center justify-center text-slate-600">
            Carregando mapa...
          </p>
        )}
      </div>
      {page && <Legend />}
      {page && visible && (
        <section aria-labelledby="lugares" className="flex flex-col gap-3">
          <h2 id="lugares" className="text-xl font-semibold text-slate-900">
            Lugares no mapa ({visible.length})
          </h2>
          {visible.length === 0 ? (
            <p className="text-slate-600">Nenhum lugar nesta categoria.</p>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {visible.slice(0, shownPlaces).map((place) => (
                <li key={place.path} className="rounded-lg bg-white p-3 ring-1 ring-slate-200">
                  <a href={place.path} className="font-semibold text-mar hover:underline">
                    {place.name}
                  </a>
                  <p className="text-sm text-slate-700">{MARKER_LABELS[place.type]}</p>
                  <p className="text-sm text-slate-600">{place.place}</p>
                </li>
              ))}
            </ul>
          )}
          {visible.length > shownPlaces && (
            <button
              type="button"
              onClick={() => setShownPlaces((n) => n + PLACES_PAGE)}
              className="self-center rounded-lg border border-mar px-6 py-2 font-semibold text-mar hover:bg-mar hover:text-white"
            >
              Mostrar mais
            </button>
          )}
        </section>
      )}
    </div>
  );
}

function KeyForm({
  forAdmin,
  emptyMessage,
  onSaved,
}: {
  forAdmin: boolean;
  emptyMessage: string;
  onSaved: () => void;
}) {
  const errorId = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const key = value.trim();
    if (!key) {
      setError(emptyMessage);
      return;
    }
    localStorage.setItem(MAPS_API_KEY_STORAGE_KEY, key);
    onSaved();
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="absolute inset-0 flex flex-col items-center justify-center gap-3 overflow-auto p-6 text-center"
    >
      <h2 className="text-lg font-semibold text-slate-900">Configure o Google Maps</h2>
      {forAdmin && (
        <p className="max-w-md rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          {MAP_MESSAGES.forAdmin}{' '}
          <a href={PANEL_MAP_PATH} className="font-semibold underline">
            Abrir Mapa no painel
          </a>
        </p>
      )}
      <p className="max-w-md text-sm text-slate-700">
        Para ver o mapa, informe uma chave da API do Google Maps. {MAP_MESSAGES.keyStaysHere}
      </p>
      <label className="flex w-full max-w-sm flex-col gap-1 text-left text-sm font-medium text-slate-700">
        Chave da API do Google Maps
        <input
          type="text"
          autoComplete="off"
          spellCheck={false}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setError('');
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-base font-normal text-slate-900"
        />
      </label>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
      <button
        type="submit"
        className="rounded-lg bg-mar px-4 py-2 font-semibold text-white hover:bg-mar-escuro"
      >
        Salvar chave
      </button>
    </form>
  );
}

function Legend() {
  return (
    <div>
      <h2 className="mb-2 text-sm font-semibold text-slate-900">Legenda</h2>
      <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-700">
        {(Object.keys(MARKER_LABELS) as MarkerType[]).map((type) => (
          <li key={type} className="flex items-center gap-2">
            <span
              className="size-4 rounded-full border border-slate-700"
              style={{ backgroundColor: MARKER_COLORS[type] }}
              aria-hidden="true"
            />
            {MARKER_LABELS[type]}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Builds the map and returns how to (re)draw its markers for a list of places. */
function createMap(
  element: HTMLElement,
  maps: google.maps.MapsLibrary,
  markers: google.maps.MarkerLibrary,
): (places: MapPlace[]) => void {
  const map = new maps.Map(element, { center: MAP_DEFAULT_CENTER, zoom: MAP_DEFAULT_ZOOM });
  const info = new maps.InfoWindow();
  let drawn: google.maps.Marker[] = [];
  return (places) => {
    for (const marker of drawn) marker.setMap(null);
    const shown: {
      title: string;
      label: string;
      color: string;
      position: google.maps.LatLngLiteral;
      /** The listing's place: opening its marker counts. */
      place?: MapPlace;
    }[] =
      places.length > 0
        ? places.map((p) => ({
            place: p,
            title: p.name,
            label: MARKER_LABELS[p.type],
            color: MARKER_COLORS[p.type] ?? MARKER_OTHER_COLOR,
            position: { lat: p.lat, lng: p.lng },
          }))
        : [
            {
              title: MAP_FALLBACK_MARKER_TITLE,
              label: '',
              color: MARKER_OTHER_COLOR,
              position: MAP_DEFAULT_CENTER,
            },
          ];
    drawn = shown.map((spot) => {
      const marker = new markers.Marker({
        map,
        position: spot.position,
        title: spot.title,
        icon: {
          path: google.maps.SymbolPath.CIRCLE,
          fillColor: spot.color,
          fillOpacity: 1,
          strokeColor: '#1e293b',
          strokeWeight: 1.5,
          scale: 9,
        },
      });
      marker.addListener('click', () => {
        const content = document.createElement('div');
        const title = document.createElement('strong');
        title.textContent = spot.title;
        content.append(title);
        if (spot.label) {
          const label = document.createElement('p');
          label.textContent = spot.label;
          content.append(label);
        }
        info.setContent(content);
        info.open({ map, anchor: marker });
        if (spot.place) countListingEvent(spot.place.type, spot.place.id, 'map');
      });
      return marker;
    });
  };
}
