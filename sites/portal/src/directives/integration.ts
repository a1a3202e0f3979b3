// The site's own hydration directives (see each file), registered with Astro.
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { InteractionOptions } from './interaction.ts';
import type { SessionOptions } from './session.ts';

declare global {
  namespace Astro {
    interface ClientDirectives {
      'client:interaction'?: InteractionOptions | boolean;
      'client:session'?: SessionOptions;
    }
  }
}

export function hydrationDirectives(): AstroIntegration {
  return {
    name: 'guia-fortim:hydration-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        for (const name of ['interaction', 'session']) {
          addClientDirective({
            name,
            entrypoint: fileURLToPath(new URL(`./${name}.ts`, import.meta.url)),
          });
        }
      },
    },
  };
}
