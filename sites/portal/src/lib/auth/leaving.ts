// Set once the page is deliberately moving on (e.g. 'Sair' then '/'): the route guard then does
// not answer the same sign-out with its own redirect, and a toast saved for the next page is not
// shown on this one.
let leaving = false;

export function startLeaving(): void {
  leaving = true;
}

export function cancelLeaving(): void {
  leaving = false;
}

export function isLeaving(): boolean {
  return leaving;
}

// A page restored from the back-forward cache is a page in use again.
if (typeof window !== 'undefined') {
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) leaving = false;
  });
}
