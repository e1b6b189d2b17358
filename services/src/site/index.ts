// The site capability: website config, feature switches, tools, site announcements,
// home carousel, and the language table seed.
import './messages.en';
import type { AppContext, Capability } from '../platform/context';
import { registerSiteRoutes } from './routes';
import { SiteService } from './service';

export { SiteService, type Author, type SiteBlobs, type SiteServiceDeps } from './service';
export { seedSite, type SeedSiteOptions } from './seed';
export { SWITCH_DEFAULTS, WEB_DEFAULTS } from './settings';

const services = new WeakMap<AppContext, SiteService>();

/**
 * The one SiteService of a process (per context), shared by every capability that
 * reads website config or switches, so they all see one cache that drops on change.
 */
export function siteServiceFor(ctx: AppContext): SiteService {
  let service = services.get(ctx);
  if (!service) {
    service = new SiteService({
      db: ctx.db,
      bus: ctx.bus,
      blobs: ctx.blobs,
      baseUrl: ctx.config.baseUrl,
      smtpUsername: ctx.config.mail?.user ?? null,
      log: ctx.log,
    });
    services.set(ctx, service);
  }
  return service;
}

export function createSiteCapability(ctx: AppContext): Capability {
  const site = siteServiceFor(ctx);
  return {
    name: 'site',
    routes: (app) => registerSiteRoutes(app, site),
    start: () => site.start(),
    stop: () => site.stop(),
  };
}
