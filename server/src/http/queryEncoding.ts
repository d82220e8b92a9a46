// Query strings are percent-encoded UTF-8 (RFC 3986, WHATWG URL). Fastify's parser turns bytes that are not UTF-8
// (`%ED%A0%80`, a lone surrogate's encoding; `%FF`; a sequence cut short) into U+FFFD, so a search would run for a
// replacement character the caller never sent. The README's input rules promise 400 instead (issue 30): this finds
// such a parameter in the raw address, before the contract's validation reads the parsed one.
import type { ErrorDetail } from './errors';

const utf8 = new TextDecoder('utf-8', { fatal: true });
const HEX_PAIR = /^[0-9A-Fa-f]{2}$/;

/** The bytes a query component stands for: `%XX` as that byte, anything else as its own UTF-8. */
function bytesOf(component: string): Uint8Array {
  const bytes: number[] = [];
  for (let i = 0; i < component.length; i++) {
    const pair = component.slice(i + 1, i + 3);
    if (component[i] === '%' && HEX_PAIR.test(pair)) {
      bytes.push(parseInt(pair, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(component[i]!, 'utf8'));
    }
  }
  return Uint8Array.from(bytes);
}

function isUtf8(component: string): boolean {
  if (!component.includes('%')) return true;
  try {
    utf8.decode(bytesOf(component));
    return true;
  } catch {
    return false;
  }
}

/** The first query parameter of `url` whose name or value is not percent-encoded UTF-8, as a 400's detail. */
export function invalidQueryEncoding(url: string): ErrorDetail | null {
  const start = url.indexOf('?');
  if (start < 0) return null;
  for (const pair of url.slice(start + 1).split('&')) {
    const split = pair.indexOf('=');
    const name = split < 0 ? pair : pair.slice(0, split);
    const value = split < 0 ? '' : pair.slice(split + 1);
    if (isUtf8(name) && isUtf8(value)) continue;
    // The name as the caller meant it when it is readable; never a value (it may be anything).
    const field = isUtf8(name) ? decodeURIComponentSafe(name.replace(/\+/g, ' ')) : '';
    return { field: field ? `/query/${field}` : '/query', message: 'is not valid UTF-8 (percent-encoded bytes that are no UTF-8 character)' };
  }
  return null;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
