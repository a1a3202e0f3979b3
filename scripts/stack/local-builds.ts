// The stack's Workers Builds: the local build service on a port of its own.
import { freePort } from '@guia-fortim/db/testing';
import { type BuildService, startBuildService } from './build-service.ts';

/**
 * Workers Builds on this machine (build-service.ts), on a port of its own (a free test-range one
 * unless given); its runner, the stack's SiteBuilder, is attached once it exists.
 */
export async function startLocalBuilds(port?: number): Promise<BuildService> {
  return startBuildService({ port: port ?? (await freePort()) });
}
