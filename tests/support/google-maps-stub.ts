// A stand-in for a third-party service: Google's Maps JavaScript API, which the site loads from
// maps.googleapis.com through @googlemaps/js-api-loader. The suites cannot reach Google (nor
// should they depend on it), so page.route answers the script request with this small API that
// draws the map as plain DOM: a box carrying the centre and zoom it was given, one button per
// marker (its title, position and fill colour as data attributes), and the info window's content.
// It implements what the loader (2.x: the script URL's `callback`, then google.maps.importLibrary)
// and the site use: Map, Marker, InfoWindow, LatLng, event, SymbolPath.
import type { Page } from '@playwright/test';

export const GOOGLE_MAPS = /^https:\/\/maps\.googleapis\.com\//;

/** Serves the stub for the maps script; returns every URL asked of Google, in order. */
export async function stubGoogleMaps(page: Page): Promise<string[]> {
  const requested: string[] = [];
  await page.route(GOOGLE_MAPS, (route) => {
    const url = route.request().url();
    requested.push(url);
    if (new URL(url).pathname !== '/maps/api/js') return route.abort();
    return route.fulfill({
      status: 200,
      contentType: 'text/javascript; charset=utf-8',
      body: `(${installMapsStub.toString()})();`,
    });
  });
  return requested;
}

/** What a stub marker shows of itself. */
export type StubMarker = { title: string; color: string; lat: number; lng: number };

// Runs in the page, as the maps script: no closure over anything of this module.
function installMapsStub(): void {
  type LatLngLiteral = { lat: number; lng: number };
  type Listener = (...args: unknown[]) => void;
  const script = document.currentScript as HTMLScriptElement | null;
  const params = new URL(script?.src ?? location.href).searchParams;
  const root = window as unknown as { google?: { maps?: Record<string, unknown> } };
  root.google ??= {};
  root.google.maps ??= {};
  const maps = root.google.maps;

  // Fields are declared and set in the constructors: the class bodies must survive the test
  // runner's transpiling unchanged, with no helper functions from outside this function.
  class LatLng {
    declare latitude: number;
    declare longitude: number;
    constructor(lat: number | LatLngLiteral, lng?: number) {
      this.latitude = typeof lat === 'number' ? lat : lat.lat;
      this.longitude = typeof lat === 'number' ? (lng ?? 0) : lat.lng;
    }
    lat() {
      return this.latitude;
    }
    lng() {
      return this.longitude;
    }
    toJSON(): LatLngLiteral {
      return { lat: this.latitude, lng: this.longitude };
    }
  }
  const literal = (position: LatLng | LatLngLiteral): LatLngLiteral =>
    position instanceof LatLng ? position.toJSON() : { lat: position.lat, lng: position.lng };

  class Events {
    declare listeners: Map<string, Set<Listener>>;
    constructor() {
      this.listeners = new Map();
    }
    addListener(name: string, listener: Listener) {
      const set = this.listeners.get(name) ?? new Set<Listener>();
      set.add(listener);
      this.listeners.set(name, set);
      return { remove: () => set.delete(listener) };
    }
    trigger(name: string, ...args: unknown[]) {
      for (const listener of this.listeners.get(name) ?? []) listener(...args);
    }
    clearListeners() {
      this.listeners.clear();
    }
  }
  const event = {
    addListener: (target: Events, name: string, listener: Listener) =>
      target.addListener(name, listener),
    trigger: (target: Events, name: string, ...args: unknown[]) => target.trigger(name, ...args),
    removeListener: (handle: { remove: () => void }) => handle.remove(),
    clearInstanceListeners: (target: Events) => target.clearListeners(),
  };

  class StubMap extends Events {
    declare box: HTMLDivElement;
    declare markers: HTMLDivElement;
    constructor(element: HTMLElement, options: { center: LatLngLiteral; zoom: number }) {
      super();
      this.box = document.createElement('div');
      this.markers = document.createElement('div');
      this.box.dataset.stubMap = '';
      this.box.setAttribute(
        'style',
        'position:absolute;inset:0;overflow:auto;padding:8px;background:#dbeef6',
      );
      this.markers.setAttribute('style', 'display:flex;flex-wrap:wrap;gap:6px');
      this.box.append(this.markers);
      element.append(this.box);
      this.setCenter(options.center);
      this.setZoom(options.zoom);
    }
    setCenter(center: LatLng | LatLngLiteral) {
      const { lat, lng } = literal(center);
      this.box.dataset.centerLat = String(lat);
      this.box.dataset.centerLng = String(lng);
    }
    setZoom(zoom: number) {
      this.box.dataset.zoom = String(zoom);
    }
    getZoom() {
      return Number(this.box.dataset.zoom);
    }
  }

  class Marker extends Events {
    declare button: HTMLButtonElement;
    declare map: StubMap | null;
    declare position: LatLngLiteral;
    declare title: string;
    constructor(options: {
      map?: StubMap | null;
      position: LatLng | LatLngLiteral;
      title?: string;
      icon?: { fillColor?: string };
    }) {
      super();
      this.map = null;
      this.position = literal(options.position);
      this.title = options.title ?? '';
      const color = options.icon?.fillColor ?? '';
      this.button = document.createElement('button');
      this.button.type = 'button';
      this.button.dataset.stubMarker = '';
      this.button.dataset.color = color;
      this.button.dataset.lat = String(this.position.lat);
      this.button.dataset.lng = String(this.position.lng);
      this.button.title = this.title;
      this.button.setAttribute('aria-label', this.title);
      this.button.setAttribute(
        'style',
        `width:18px;height:18px;border-radius:50%;border:1px solid #1e293b;background:${color}`,
      );
      this.button.addEventListener('click', () => this.trigger('click'));
      this.setMap(options.map ?? null);
    }
    setMap(map: StubMap | null) {
      this.button.remove();
      this.map = map;
      map?.markers.append(this.button);
    }
    getMap() {
      return this.map;
    }
    getPosition() {
      return new LatLng(this.position);
    }
    getTitle() {
      return this.title;
    }
  }

  class InfoWindow extends Events {
    declare box: HTMLDivElement;
    constructor() {
      super();
      this.box = document.createElement('div');
      this.box.dataset.stubInfoWindow = '';
      this.box.setAttribute('style', 'margin-top:8px;padding:8px;background:#fff');
    }
    setContent(content: string | Node) {
      this.box.replaceChildren(content);
    }
    open(options: { map?: StubMap; anchor?: Marker } | StubMap, anchor?: Marker) {
      const map =
        options instanceof StubMap ? options : (options.map ?? options.anchor?.getMap() ?? null);
      const at = options instanceof StubMap ? anchor : options.anchor;
      this.box.dataset.anchor = at?.getTitle() ?? '';
      map?.box.append(this.box);
    }
    close() {
      this.box.remove();
    }
  }

  const SymbolPath = {
    CIRCLE: 0,
    FORWARD_CLOSED_ARROW: 1,
    FORWARD_OPEN_ARROW: 2,
    BACKWARD_CLOSED_ARROW: 3,
    BACKWARD_OPEN_ARROW: 4,
  };
  const libraries: Record<string, Record<string, unknown>> = {
    core: { LatLng, event, SymbolPath },
    maps: { Map: StubMap, InfoWindow, LatLng, event },
    marker: { Marker },
  };
  Object.assign(maps, { Map: StubMap, Marker, InfoWindow, LatLng, event, SymbolPath });
  // Replaces the loader's bootstrap function, as the real script does.
  maps.importLibrary = (name: string) =>
    libraries[name]
      ? Promise.resolve(libraries[name])
      : Promise.reject(new Error(`Biblioteca desconhecida no substituto: ${name}`));

  // The script URL names the function to call once the API is ready (google.maps.__ib__).
  const callback = (params.get('callback') ?? '')
    .split('.')
    .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], window);
  if (typeof callback === 'function') callback();
}
