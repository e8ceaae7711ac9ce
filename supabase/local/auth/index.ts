import type { MountedService, PlatformContext } from '../service.ts';
export function createAuth(_ctx: PlatformContext): MountedService {
  return { handle: (_req, res) => void res.writeHead(501).end('auth not built yet'), close: async () => {} };
}
