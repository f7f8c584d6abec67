/**
 * The built add-in's files as production serves them: only what Office loads. Source maps, dotfiles, anything reached
 * through a symbolic link and the preview (page and bundle: an in-browser workbook any site could frame) are not served.
 * Caching: content-hashed bundles are immutable; everything with a fixed name (pages, functions.js/json, compat.js,
 * the manifest, icons) is revalidated, so a new build is picked up at once.
 */
import { realpathSync } from "fs";
import path from "path";
import type { FastifyInstance } from "fastify";
import fastifyStatic from "@fastify/static";

/** webpack's production names: `[name].[contenthash:8].js` (webpack.config.js). */
const HASHED = /\.[0-9a-f]{8}\.(js|css)$/;

/** Whether `pathName` (URL path below the root) may be served from `root`. */
export function servable(root: string, pathName: string, options: { preview: boolean }): boolean {
  const parts = pathName.split("/").filter(Boolean);
  if (parts.some((p) => p.startsWith("."))) return false;
  if (pathName.endsWith(".map")) return false;
  // The preview's page and its bundles (preview.html, preview.[hash].js): a production build leaves them out
  // (webpack.config.js), and a folder built otherwise still does not serve them.
  if (!options.preview && /^preview\./.test(parts[parts.length - 1] ?? "")) return false;
  const file = path.join(root, ...parts);
  try {
    // A link anywhere on the way (a file or a folder) resolves elsewhere: refuse it rather than follow it.
    return realpathSync(file) === path.join(realpathSync(root), ...parts);
  } catch {
    return true; // missing: @fastify/static answers 404
  }
}

export async function registerFiles(app: FastifyInstance, distDir: string, options: { preview: boolean }): Promise<void> {
  const root = path.resolve(distDir);
  await app.register(fastifyStatic, {
    root,
    index: false,
    dotfiles: "deny",
    allowedPath: (pathName) => servable(root, pathName, options),
    setHeaders: (res, filePath) => {
      const name = path.basename(filePath);
      res.header("Cache-Control", HASHED.test(name) ? "public, max-age=31536000, immutable" : "no-cache");
      // Office's own pages (another origin) show the manifest's icons; nothing else is for other origins.
      if (path.relative(root, filePath).startsWith(`assets${path.sep}`))
        res.header("Cross-Origin-Resource-Policy", "cross-origin");
    },
  });
}
