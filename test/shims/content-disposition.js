/**
 * Jest-only stand-in for content-disposition@3, which is ESM-only (jest's CommonJS runtime cannot load it).
 * @fastify/static needs it only for reply.download(), which this project never calls; node itself loads the real one.
 */
function create(filename) {
  const name = String(filename === undefined ? "" : filename).replace(/["\\\r\n]/g, "_");
  return name ? `attachment; filename="${name}"` : "attachment";
}
function parse() {
  throw new Error("content-disposition.parse is not available in tests");
}
module.exports = { create, parse };
