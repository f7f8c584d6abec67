/**
 * A small XML reader for the manifest checks: elements, attributes and text, with line numbers for messages. Enough
 * for an add-in manifest (no DTDs, no entities beyond the five predefined ones); it throws on malformed nesting, so a
 * broken file is reported rather than half-checked. No dependency: the checks must run offline in any checkout.
 */
export interface XmlElement {
  /** The qualified name as written, e.g. "bt:Image". */
  name: string;
  /** The name without its prefix, e.g. "Image". */
  local: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
  line: number;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const decode = (s: string) => s.replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ENTITIES[e]);

/** Parses `xml` and returns its root element. */
export function parseXml(xml: string): XmlElement {
  const body = xml
    .replace(/<\?[\s\S]*?\?>/g, (m) => m.replace(/[^\n]/g, " "))
    .replace(/<!--[\s\S]*?-->/g, (m) => m.replace(/[^\n]/g, " "));
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  const tag = /<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[\w.:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)|(<)/g;
  let line = 1;
  for (let m = tag.exec(body); m; m = tag.exec(body)) {
    const [whole, closing, name, attrs, selfClosing, text, stray] = m;
    if (stray) throw new Error(`line ${line}: malformed markup`);
    if (text !== undefined) {
      if (stack.length > 0) stack[stack.length - 1].text += decode(text);
      else if (text.trim()) throw new Error(`line ${line}: text outside the root element`);
    } else if (closing) {
      const open = stack.pop();
      if (!open || open.name !== name) throw new Error(`line ${line}: </${name}> does not close <${open?.name ?? "nothing"}>`);
    } else {
      const element: XmlElement = { name, local: name.replace(/^.*:/, ""), attributes: {}, children: [], text: "", line };
      for (const a of attrs.matchAll(/([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g))
        element.attributes[a[1]] = decode(a[2] ?? a[3]);
      if (stack.length > 0) stack[stack.length - 1].children.push(element);
      else if (root) throw new Error(`line ${line}: a second root element <${name}>`);
      else root = element;
      if (!selfClosing) stack.push(element);
    }
    line += (whole.match(/\n/g) ?? []).length;
  }
  if (stack.length > 0) throw new Error(`<${stack[stack.length - 1].name}> is never closed`);
  if (!root) throw new Error("no root element");
  return root;
}
