/* Old-Office check, in ES5 only: it must parse where the bundle cannot.
 *
 * Office 2016 and 2019 (perpetual) on Windows show add-ins in Internet Explorer 11 or the legacy EdgeHTML webview,
 * which cannot parse the ES2022 bundle: without this check the pane would stay blank. Loaded with a plain
 * <script src> at the end of <body>, it runs before the deferred bundle; when the host lacks what the bundle needs,
 * it replaces the page with a message naming the supported versions, and the bundle then finds no element to mount
 * into. No eval, no inline script (the pages' content security policy forbids both).
 *
 * `?compat=fail` in the page address forces the message (tests, and to see it in a current browser).
 * The outcome is left on window.__payrollCompat = { ok, missing }.
 */
(function () {
  "use strict";

  function has(owner, name) {
    return !!owner && typeof owner[name] !== "undefined";
  }

  // What the bundle uses that old webviews lack; ES modules stand in for the ES2017+ syntax (IE11 and EdgeHTML
  // before 16 have none), Array.prototype.at for the ES2022 built-ins.
  var checks = [
    // `in`, not a read: reading an IDL attribute off the prototype throws.
    ["ES modules", typeof HTMLScriptElement !== "undefined" && "noModule" in HTMLScriptElement.prototype],
    ["globalThis", typeof globalThis !== "undefined"],
    ["Promise.prototype.finally", typeof Promise !== "undefined" && has(Promise.prototype, "finally")],
    ["Object.fromEntries", has(Object, "fromEntries")],
    ["Array.prototype.flat", has(Array.prototype, "flat") && has(Array.prototype, "flatMap")],
    ["Array.prototype.at", has(Array.prototype, "at")],
    ["fetch", has(window, "fetch")],
    ["AbortController", has(window, "AbortController")],
    ["Intl.DateTimeFormat", typeof Intl !== "undefined" && has(Intl, "DateTimeFormat")],
  ];
  var missing = [];
  for (var i = 0; i < checks.length; i++) if (!checks[i][1]) missing.push(checks[i][0]);
  var forced = /[?&]compat=fail(&|$)/.test(window.location.search);
  if (forced) missing.push("forced by ?compat=fail");
  window.__payrollCompat = { ok: missing.length === 0, missing: missing };
  if (missing.length === 0) return;

  function element(tag, text, style) {
    var node = document.createElement(tag);
    if (text) node.appendChild(document.createTextNode(text));
    for (var key in style) if (Object.prototype.hasOwnProperty.call(style, key)) node.style[key] = style[key];
    return node;
  }

  var body = document.body;
  while (body.firstChild) body.removeChild(body.firstChild);
  var boxStyle = { padding: "16px", fontFamily: "Segoe UI, sans-serif", fontSize: "14px", lineHeight: "1.4" };
  var box = element("div", "", boxStyle);
  box.id = "compat-message";
  box.setAttribute("role", "alert");
  box.appendChild(element("h1", "This version of Office cannot run Payroll", { fontSize: "18px", margin: "0 0 8px" }));
  var engine = "It shows add-ins in an older browser engine (Internet Explorer or the legacy Edge), as Office 2016 and 2019 do.";
  box.appendChild(element("p", engine + " Payroll needs one of:", {}));
  var list = element("ul", "", {});
  var supported = [
    "Microsoft 365, or Office 2021 or later, on Windows, with the Microsoft Edge WebView2 runtime",
    "Microsoft 365, or Office 2021 or later, on Mac",
    "Excel on the web, in a current browser",
  ];
  for (var j = 0; j < supported.length; j++) list.appendChild(element("li", supported[j], {}));
  box.appendChild(list);
  var preview = "In a browser (the preview), use a current version of Edge, Chrome, Firefox or Safari.";
  box.appendChild(element("p", preview, {}));
  var detail = "Missing here: " + missing.join(", ") + ".";
  box.appendChild(element("p", detail, { color: "#616161", fontSize: "12px" }));
  body.appendChild(box);
})();
