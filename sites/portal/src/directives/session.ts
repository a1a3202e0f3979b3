// client:session — the header's account area. A visitor who is not signed in sees the 'Entrar'
// link the page already has, so the island is hydrated only when there is something to show: a
// stored session, an e-mailed link's code or error in the address, or a message carried over from
// the previous page; or later, when another tab signs in.
import type { Directive } from './directive.ts';

export type SessionOptions = {
  /** localStorage entry holding the session. */
  sessionKey: string;
  /** sessionStorage entry holding a message for this page. */
  flashKey: string;
  /** Query parameters that carry an e-mailed link's code or error. */
  linkParams: readonly string[];
};

const isStored = (storage: () => Storage, key: string) => {
  try {
    return storage().getItem(key) !== null;
  } catch {
    return false; // storage blocked: nothing was stored
  }
};

const session: Directive<SessionOptions> = (load, options) => {
  if (!options.value) throw new Error('client:session precisa das chaves da sessão');
  const { sessionKey, flashKey, linkParams } = options.value;
  const hydrate = () => {
    window.removeEventListener('storage', onStorage);
    void load().then((hydrateIsland) => hydrateIsland());
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === sessionKey && event.newValue) hydrate();
  };
  const query = new URLSearchParams(location.search);
  const signalled =
    isStored(() => localStorage, sessionKey) ||
    isStored(() => sessionStorage, flashKey) ||
    linkParams.some((name) => query.has(name));
  if (signalled) hydrate();
  else window.addEventListener('storage', onStorage);
};

export default session;
