/** Registers `client:when` (src/browser/island-when.ts), the directive on-demand islands use. */
import type { AstroIntegration } from 'astro';

export default function islandsIntegration(): AstroIntegration {
  return {
    name: 'site-islands',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'when', entrypoint: './src/browser/island-when.ts' });
      },
    },
  };
}
