// The repository's root, from which the stack finds every package it runs or builds.
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');
