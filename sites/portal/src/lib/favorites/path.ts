/** 'Meus favoritos': the page that lists the favourites kept on this device. */
export const FAVORITES_PATH = '/favoritos';
