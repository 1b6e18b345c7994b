/**
 * Stops the production build while the site still carries example facts (src/lib/placeholders.ts),
 * so the example firm, its addresses and people never go live by accident. Every other build
 * (local, test, preview branches) only warns in one line and carries on with the example data.
 * It runs when the configuration is set up, before any page is built, so a refused build fails
 * in seconds.
 */
import { readFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';
import { parse } from 'yaml';
import { site } from '../site.config';
import { CONSULTANTS_FILE } from '../lib/paths';
import {
  findPlaceholders,
  isProductionBuild,
  placeholderError,
  placeholderWarning,
  type ConsultantFacts,
  type DeployEnv,
} from '../lib/placeholders';

export interface PlaceholderGuardOptions {
  /** Where WORKERS_CI, WORKERS_CI_BRANCH and PRODUCTION_BRANCH are read; process.env by default. */
  env?: DeployEnv;
}

export default function placeholderGuard(options: PlaceholderGuardOptions = {}): AstroIntegration {
  return {
    name: 'site-placeholder-guard',
    hooks: {
      'astro:config:setup': async ({ config, command, logger }) => {
        const env = options.env ?? process.env;
        const text = await readFile(new URL(CONSULTANTS_FILE, config.root), 'utf8');
        const parsed: unknown = parse(text);
        const consultants = Array.isArray(parsed) ? (parsed as ConsultantFacts[]) : [];
        const found = findPlaceholders({ site, consultants, origin: config.site ?? '' });
        if (found.length === 0) return;
        if (command === 'build' && isProductionBuild(env)) throw new Error(placeholderError(found));
        logger.warn(placeholderWarning(found));
      },
    },
  };
}
