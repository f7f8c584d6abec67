/**
 * Jest-only stand-in for cookie@2, which is ESM-only (jest's CommonJS runtime cannot load it). fastify's inject()
 * (light-my-request) needs it only to encode `cookies` passed to inject(), which the tests never do; node itself
 * loads the real package.
 */
function stringifySetCookie(nameOrCookie, value) {
  const c = typeof nameOrCookie === "object" ? nameOrCookie : { name: nameOrCookie, value };
  return `${c.name}=${encodeURIComponent(String(c.value ?? ""))}`;
}
function unsupported() {
  throw new Error("cookie parsing is not available in tests (test/shims/cookie.js)");
}
module.exports = {
  stringifySetCookie,
  parseCookie: unsupported,
  parseSetCookie: unsupported,
  parse: unsupported,
  serialize: stringifySetCookie,
};
