// @guia-fortim/domain: the data model shared by every package (zod its only dependency).
export * from './constants.ts';
export * from './errors.ts';
export * from './format.ts';
export * from './images.ts';
export * from './kinds.ts';
export * from './legal-texts.ts';
export * from './ordering.ts';
export * from './passwords.ts';
export * from './publish-state.ts';
export * from './read-schemas.ts';
export * from './required-fields.ts';
export * from './schemas.ts';
export * from './settings.ts';
export * from './site-pages.ts';
export * from './slug.ts';
export * from './stats.ts';
export * from './types.ts';
