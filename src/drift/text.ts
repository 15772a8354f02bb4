/**
 * The one text classifier for every free-text field: identical, added,
 * removed, whitespace-only, normalization-only, digits-only, currency-digits, text; plus the
 * orthogonal flags hidden-characters-added (§10.2) and in-address (§10.2).
 */
export type TextClass =
  | 'identical' | 'added' | 'removed' | 'whitespace-only' | 'normalization-only'
  | 'digits-only' | 'currency-digits' | 'text';

export interface TextVerdict {
  readonly cls: TextClass;
  /** The new string has more §10.2 invisible / bidi / tag characters than the old one. */
  readonly hidden: boolean;
  /** A changed digit run sits in a URL, e-mail, IPv4 or host:port token. */
  readonly inAddress: boolean;
}

const isWs = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 13;
const skipWs = (s: string, i: number): number => {
  while (i < s.length && isWs(s.charCodeAt(i))) i++;
  return i;
};

/** `collapse(a) === collapse(b)` where collapse maps ASCII whitespace runs to one space and trims; no allocation. */
export function collapsedEqual(a: string, b: string): boolean {
  const n = a.length;
  const m = b.length;
  let i = skipWs(a, 0);
  let j = skipWs(b, 0);
  while (i < n && j < m) {
    if (a.charCodeAt(i) !== b.charCodeAt(j)) return false;
    i++;
    j++;
    const i2 = skipWs(a, i);
    const j2 = skipWs(b, j);
    if (i2 > i !== j2 > j && !((i2 > i && i2 === n) || (j2 > j && j2 === m))) return false;
    i = i2;
    j = j2;
  }
  return i >= n && j >= m;
}

const HIDDEN =
  /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0\u{E0000}-\u{E007F}]/gu;
const NON_ASCII = /[^\x00-\x7F]/;

/** Number of §10.2 hidden characters in `s`. */
export function hiddenCount(s: string): number {
  if (!NON_ASCII.test(s)) return 0;
  let n = 0;
  for (const _ of s.matchAll(HIDDEN)) n++;
  return n;
}

export function hasHidden(s: string): boolean {
  return hiddenCount(s) > 0;
}

interface Segment {
  readonly digit: boolean;
  readonly v: string;
  readonly at: number;
}

/** text, digit-run, text, …, text (the first and last segments are text, possibly empty). */
function seg(s: string): Segment[] {
  const out: Segment[] = [];
  let p = 0;
  let i = 0;
  const n = s.length;
  while (i < n) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      let j = i + 1;
      while (j < n && s.charCodeAt(j) >= 48 && s.charCodeAt(j) <= 57) j++;
      out.push({ digit: false, v: s.slice(p, i), at: p }, { digit: true, v: s.slice(i, j), at: i });
      p = j;
      i = j;
    } else i++;
  }
  out.push({ digit: false, v: s.slice(p), at: p });
  return out;
}

const SYM = '$€£¥₹₩₽₺₪₫₱฿₴₦₿¢';
const SP = '[ \\u00A0]?';
const CODES = 'USDC|USDT|USD|EURC|EUR|GBP|JPY|CNY|RMB|INR|CAD|AUD|NZD|CHF|HKD|SGD|KRW|BRL|MXN|SEK|NOK|DKK|PLN|ZAR|TRY|RUB|DAI|PYUSD|BTC|ETH|SOL';
const C1 = new RegExp(`[${SYM}]${SP}[+-]?$`, 'u');
const C2 = new RegExp(`^${SP}[${SYM}]`, 'u');
const C3_BEFORE = new RegExp(`(?<![A-Za-z0-9])(?:${CODES})${SP}$`);
const C3_AFTER = new RegExp(`^${SP}(?:${CODES})(?![A-Za-z0-9])`);
const C4 = new RegExp(`^${SP}(?:cents?|dollars?|euros?|pounds?|pence|yen|yuan|rupees?|francs?|sats?|satoshis?|gwei|credits?|usdc|usdt)\\b`, 'i');
const C5 = /\b(?:costs?|costing|prices?d?|pricing|fees?|charges?|charged|billed|pay|pays|paid)\b[^0-9.!?;\n]{0,12}$/i;
const C6 = new RegExp(`[${SYM}]${SP}[0-9]+(?:[.,][0-9]+)*${SP}(?:-|–|—|to)${SP}$`, 'u');
const C7 = new RegExp(`^${SP}%${SP}(?:fee|commission|surcharge|markup)`, 'i');
const C8 = new RegExp(`^${SP}/${SP}(?:call|request|req|invocation|execution|query|1k|1K|M)\\b`);
const MAGNITUDE = /^[kKmMbB](?![A-Za-z])/;
const NUM = /[0-9]+(?:[.,][0-9]+)*/g;

/** §10.3: is the numeric token containing the digit run at `at` a currency amount? */
export function isCurrency(s: string, at: number): boolean {
  let start = -1;
  let end = -1;
  for (const m of s.matchAll(NUM)) {
    const i = m.index;
    if (i <= at && at < i + m[0].length) { start = i; end = i + m[0].length; break; }
    if (i > at) break;
  }
  if (start < 0) return false;
  const left = s.slice(Math.max(0, start - 48), start);
  const right = s.slice(end, end + 48);
  const rightStripped = right.replace(MAGNITUDE, '');
  return C1.test(left) || C2.test(rightStripped) || C3_BEFORE.test(left) || C3_AFTER.test(rightStripped)
    || C4.test(rightStripped) || C5.test(left) || C6.test(left) || C7.test(right) || C8.test(rightStripped);
}

const IPV4 = /^[0-9]{1,3}(?:\.[0-9]{1,3}){3}(?::[0-9]{1,5})?$/;
const HOST_PORT = /^[A-Za-z0-9.-]+:[0-9]{1,5}$/;

/** §10.2 in-address: the whitespace-delimited token around `at`. */
export function inAddress(s: string, at: number): boolean {
  let a = at;
  while (a > 0 && !/\s/.test(s.charAt(a - 1))) a--;
  let b = at;
  while (b < s.length && !/\s/.test(s.charAt(b))) b++;
  const token = s.slice(a, b);
  if (token.includes('://') || token.includes('@')) return true;
  const core = token.replace(/^[("'[<]+/, '').replace(/[)"'\]>.,;:!?]+$/, '');
  return IPV4.test(core) || HOST_PORT.test(core);
}

const NONE: TextVerdict = { cls: 'identical', hidden: false, inAddress: false };

/** Classifies one text field change; `undefined` / `null` mean the field is absent (§10.1). */
export function classifyText(a: string | undefined | null, b: string | undefined | null): TextVerdict {
  if (a === b) return NONE;
  if (a == null) return { cls: 'added', hidden: b != null && hasHidden(b), inAddress: false };
  if (b == null) return { cls: 'removed', hidden: false, inAddress: false };
  const hidden = hiddenCount(b) > hiddenCount(a);
  if (collapsedEqual(a, b)) return { cls: 'whitespace-only', hidden, inAddress: false };
  if ((NON_ASCII.test(a) || NON_ASCII.test(b)) && a.normalize('NFC') === b.normalize('NFC')) return { cls: 'normalization-only', hidden, inAddress: false };
  const A = seg(a);
  const B = seg(b);
  if (A.length === B.length && A.length > 1) {
    let textSame = true;
    for (let i = 0; i < A.length; i += 2) if (A[i]?.v !== B[i]?.v) { textSame = false; break; }
    if (textSame) {
      let money = false;
      let addr = false;
      for (let i = 1; i < A.length; i += 2) {
        const x = A[i];
        const y = B[i];
        if (x === undefined || y === undefined || x.v === y.v) continue;
        if (!addr && (inAddress(a, x.at) || inAddress(b, y.at))) addr = true;
        if (!money && (isCurrency(a, x.at) || isCurrency(b, y.at))) money = true;
      }
      return { cls: money ? 'currency-digits' : 'digits-only', hidden, inAddress: addr };
    }
  }
  return { cls: 'text', hidden, inAddress: false };
}
