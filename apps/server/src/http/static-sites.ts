import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { pageCatalogues, type Encoding } from './page-catalogue.ts';

/**
 * Serves the built web app at / and the admin console at /admin from the same port as the API.
 * Client-side routes (/trade, /admin/reviews) fall back to the app's index.html; hashed assets are
 * cached for a year because their names change with their content. A route the build wrote an HTML
 * file of its own for (/trade gets trade.html, which preloads that screen's files instead of the
 * home screen's) is answered with that file, naming the visitor's catalogue (page-catalogue.ts).
 */
export interface StaticSites {
  /** Answers a GET for an unknown path with the right index.html; false when it is not ours. */
  fallback(request: FastifyRequest, reply: FastifyReply): boolean;
}

export async function registerStaticSites(
  app: FastifyInstance,
  dirs: { web: string; admin: string },
): Promise<StaticSites> {
  const sites = [
    { prefix: '/admin/', dir: path.resolve(dirs.admin) },
    { prefix: '/', dir: path.resolve(dirs.web) },
  ].filter((site) => fs.existsSync(path.join(site.dir, 'index.html')));

  const screens = new Map(
    sites.map((site) => [site, new Set(fs.readdirSync(site.dir).filter((name) => name.endsWith('.html')))]),
  );
  /** The HTML file of the route's own screen when the build wrote one, else index.html. */
  const htmlFor = (url: string, site: (typeof sites)[number]): string => {
    const route = url.slice(site.prefix.length).split(/[?#]/, 1)[0] ?? '';
    const own = `${route}.html`;
    return /^[a-z-]+$/.test(route) && screens.get(site)?.has(own) ? own : 'index.html';
  };

  const catalogues = new Map(sites.map((site) => [site, pageCatalogues(site.dir)]));

  for (const [index, site] of sites.entries()) {
    await app.register(fastifyStatic, {
      root: site.dir,
      prefix: site.prefix,
      decorateReply: index === 0,
      wildcard: true,
      index: ['index.html'],
      // Our setHeaders decides caching; the plugin's own header would overwrite it.
      cacheControl: false,
      // The build writes .br and .gz beside each asset (scripts/precompress.mjs); the smallest one the
      // browser accepts is sent.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const sitesWithFallback: StaticSites = {
    fallback(request, reply) {
      if (request.method !== 'GET' || request.url.startsWith('/api')) return false;
      if (!(request.headers.accept ?? '').includes('text/html')) return false;
      const site = sites.find(
        (s) => request.url === s.prefix.slice(0, -1) || request.url.startsWith(s.prefix),
      );
      if (!site) return false;
      const file = htmlFor(request.url, site);
      void reply.header('cache-control', 'no-cache').header('vary', 'accept-language, accept-encoding');
      const encoding = acceptedEncoding(request.headers['accept-encoding']);
      const page = catalogues
        .get(site)
        ?.page(file, { hostname: request.hostname, language: request.headers['accept-language'] }, encoding);
      if (!page) {
        void reply.sendFile(file, site.dir);
        return true;
      }
      if (encoding !== 'identity') void reply.header('content-encoding', encoding);
      void reply.type('text/html; charset=utf-8').send(page);
      return true;
    },
  };
  // The web app's root is a page too, answered in the visitor's language like the others; this
  // route outranks the static files' wildcard, which would send index.html as it was built.
  if (sites.some((site) => site.prefix === '/')) {
    app.get('/', (request, reply) => {
      if (!sitesWithFallback.fallback(request, reply))
        void reply.sendFile('index.html', path.resolve(dirs.web));
      return reply;
    });
  }
  return sitesWithFallback;
}

/** The smallest encoding the browser accepts, as the static files are served. */
function acceptedEncoding(header: string | undefined): Encoding {
  const accepted = header ?? '';
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}
