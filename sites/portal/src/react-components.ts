// Each React component the site's .tsx modules export is marked as React's for Astro's server
// render (the mark Astro's own `__astro_tag_component__` sets), so Astro renders it with
// @astrojs/react at once instead of first asking each renderer's check(). React's check() renders
// the component once to see whether it is React's, and that render ends at a later turn in Node
// (react-dom schedules with setImmediate) than in workerd (setTimeout): the islands' numbering
// (<astro-island prefix="rN">, React's useId prefix) follows the order in which renders start,
// so without the mark a page rendered by the site Worker numbered its islands differently from
// the static build of the same page.
import { init, parse } from 'es-module-lexer';
import type { Plugin } from 'vite';

const RENDERER = 'Symbol.for("astro:renderer")';
const SOURCE = /\/src\/.*\.tsx$/;

export function tagReactComponents(): Plugin {
  return {
    name: 'guia-fortim:tag-react-components',
    enforce: 'post',
    applyToEnvironment: (environment) => environment.name !== 'client',
    async transform(code, id) {
      if (!SOURCE.test(id.split('?')[0] ?? '')) return;
      await init;
      const [, exports] = parse(code);
      const locals = exports
        .map((e) => e.ln)
        .filter((name): name is string => !!name && /^[A-Z]/.test(name));
      if (locals.length === 0) return;
      return {
        code: `${code}\nfor (const c of [${locals.join(', ')}]) if (typeof c === 'function' && !Object.hasOwn(c, ${RENDERER})) Object.defineProperty(c, ${RENDERER}, { value: '@astrojs/react' });\n`,
        map: null,
      };
    },
  };
}
