import { z } from 'zod';

// zod compiles object parsers with `new Function` when it may, and probes for that with an eval
// of its own: under the site's Content Security Policy (no 'unsafe-eval') the probe is a reported
// violation and a console error on every page with a form. Each module that builds schemas
// imports this first (the package is otherwise side-effect free, so a barrel import is skipped).
z.config({ jitless: true });
