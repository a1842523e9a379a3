/**
 * A strict reader of the XML the tests check (no XML parser ships with Node or the server's dependencies):
 * it throws on anything not well-formed — an unclosed or crossed element, an unquoted or repeated attribute,
 * a bare `&` or `<`, an unknown entity, text outside the root — and answers the element tree.
 */
export type XmlElement = {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
};

const NAME = /^[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?/;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(raw: string, where: number): string {
  if (raw.includes('<')) throw new Error(`"<" in text or attribute near ${where}`);
  return raw.replace(/&([^;]*);|&/g, (_match, entity: string | undefined) => {
    if (entity === undefined) throw new Error(`bare "&" near ${where}`);
    if (/^#\d+$/.test(entity)) return String.fromCodePoint(Number(entity.slice(1)));
    if (/^#x[0-9a-f]+$/i.test(entity)) return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    const known = ENTITIES[entity];
    if (known === undefined) throw new Error(`unknown entity &${entity}; near ${where}`);
    return known;
  });
}

export function parseXml(xml: string): XmlElement {
  let at = 0;
  const skipMisc = () => {
    for (;;) {
      const rest = xml.slice(at);
      const space = /^\s+/.exec(rest);
      if (space) at += space[0].length;
      else if (rest.startsWith('<?')) at = xml.indexOf('?>', at) + 2;
      else if (rest.startsWith('<!--')) {
        const end = xml.indexOf('-->', at);
        if (end < 0) throw new Error('unclosed comment');
        at = end + 3;
      } else return;
      if (at < 2) throw new Error('unclosed processing instruction');
    }
  };

  const readElement = (): XmlElement => {
    if (xml[at] !== '<') throw new Error(`expected an element at ${at}`);
    at += 1;
    const name = NAME.exec(xml.slice(at))?.[0];
    if (!name) throw new Error(`bad element name at ${at}`);
    at += name.length;
    const element: XmlElement = { name, attributes: {}, children: [], text: '' };
    for (;;) {
      const space = /^\s*/.exec(xml.slice(at))?.[0] ?? '';
      at += space.length;
      if (xml.startsWith('/>', at)) {
        at += 2;
        return element;
      }
      if (xml[at] === '>') {
        at += 1;
        break;
      }
      if (!space) throw new Error(`attributes must be separated by space at ${at}`);
      const attribute = /^([A-Za-z_][\w.:-]*)\s*=\s*("([^"]*)"|'([^']*)')/.exec(xml.slice(at));
      if (!attribute?.[1]) throw new Error(`bad attribute at ${at}`);
      if (attribute[1] in element.attributes) throw new Error(`repeated attribute ${attribute[1]}`);
      element.attributes[attribute[1]] = decode(attribute[3] ?? attribute[4] ?? '', at);
      at += attribute[0].length;
    }
    for (;;) {
      if (at >= xml.length) throw new Error(`unclosed <${name}>`);
      if (xml.startsWith('</', at)) {
        const close = /^<\/([^\s>]+)\s*>/.exec(xml.slice(at));
        if (close?.[1] !== name) throw new Error(`</${close?.[1]}> closes <${name}> at ${at}`);
        at += close[0].length;
        return element;
      }
      if (xml.startsWith('<!--', at)) {
        const end = xml.indexOf('-->', at);
        if (end < 0) throw new Error('unclosed comment');
        at = end + 3;
      } else if (xml[at] === '<') element.children.push(readElement());
      else {
        const end = xml.indexOf('<', at);
        const raw = xml.slice(at, end < 0 ? xml.length : end);
        element.text += decode(raw, at);
        at += raw.length;
      }
    }
  };

  skipMisc();
  const root = readElement();
  skipMisc();
  if (at !== xml.length) throw new Error(`content after the root element at ${at}`);
  return root;
}

/** The element at a path of names below `root` (`infNFSe/DPS/infDPS/tpAmb`), or throws naming the path. */
export function childAt(root: XmlElement, path: string): XmlElement {
  let current = root;
  for (const name of path.split('/')) {
    const next = current.children.find((child) => child.name === name);
    if (!next) throw new Error(`no <${name}> in <${current.name}> (path ${path})`);
    current = next;
  }
  return current;
}

/** The text of the element at `path`. */
export const textAt = (root: XmlElement, path: string) => childAt(root, path).text;
