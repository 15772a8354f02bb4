/**
 * Python argparse, as CPython 3.11–3.13 `Lib/argparse.py` reads a command line for a parser built
 * with `ArgumentParser()` (allow_abbrev=True, prefix '-') and only optionals: `_parse_optional`
 * classifies each word (exact option; `--opt=value`; an unambiguous prefix of a long option, or
 * an error when several match; `-xVALUE` for a short option; a word with a space is a value; any
 * other dash word is an unknown option), then `consume_optional` binds values by `nargs`.
 * `parse_known_args` keeps unknown options and stray words in `extras`, in order; `parse_args`
 * refuses them. A help option exits at the point it is reached.
 *
 * `--` is the one construct the supported Python versions read differently (3.12 and 3.13 changed
 * where it is removed), so a command line holding it is reported as such rather than guessed.
 */

export interface PyOption {
  /** Option strings, long and short (`['--environment', '-e']`). */
  readonly names: readonly string[];
  readonly dest: string;
  /** 0: store_true / help; 1: one value (nargs=None); '+': one or more. */
  readonly nargs: 0 | 1 | '+';
  readonly help?: boolean;
}

export interface PyOccurrence {
  readonly dest: string;
  /** Index of the option word in the arguments. */
  readonly index: number;
  /** How many words it took, the option word included (1 for `--opt=value`). */
  readonly width: number;
  readonly written: string;
}

export type PyParse =
  | {
      readonly ok: true;
      /** Last occurrence wins (the `store` action): a string, the '+' list, or true. */
      readonly values: ReadonlyMap<string, string | readonly string[] | true>;
      readonly extras: readonly string[];
      readonly occurrences: readonly PyOccurrence[];
    }
  | { readonly ok: false; readonly exit: 'help' | 'error' | 'uncertain'; readonly why: string };

type Word =
  | { readonly kind: 'A' }
  | { readonly kind: 'O'; readonly option: PyOption | undefined; readonly name: string; readonly explicit: string | undefined }
  | { readonly kind: 'ambiguous'; readonly matches: readonly string[] };

function classify(word: string, options: readonly PyOption[], byName: ReadonlyMap<string, PyOption>): Word {
  if (!word.startsWith('-') || word === '-') return { kind: 'A' };
  const exact = byName.get(word);
  if (exact !== undefined) return { kind: 'O', option: exact, name: word, explicit: undefined };
  const eq = word.indexOf('=');
  if (eq > 0) {
    const head = byName.get(word.slice(0, eq));
    if (head !== undefined) return { kind: 'O', option: head, name: word.slice(0, eq), explicit: word.slice(eq + 1) };
  }
  // _get_option_tuples: prefixes of long options, and `-xVALUE` for a short one.
  const matches: { option: PyOption; name: string; explicit: string | undefined }[] = [];
  if (word.startsWith('--')) {
    const prefix = eq > 0 ? word.slice(0, eq) : word;
    const explicit = eq > 0 ? word.slice(eq + 1) : undefined;
    for (const o of options) for (const n of o.names) if (n.startsWith('--') && n.startsWith(prefix)) matches.push({ option: o, name: n, explicit });
  } else if (word.length > 2 && word[1] !== '-') {
    const short = word.slice(0, 2);
    for (const o of options) {
      for (const n of o.names) {
        if (n === short) matches.push({ option: o, name: n, explicit: word.slice(2) });
        else if (n.startsWith(word)) matches.push({ option: o, name: n, explicit: undefined });
      }
    }
  }
  if (matches.length > 1) return { kind: 'ambiguous', matches: matches.map((m) => m.name) };
  const [one] = matches;
  if (one !== undefined) return { kind: 'O', option: one.option, name: one.name, explicit: one.explicit };
  // No option looks like a negative number here, so `-5` is a value; so is any word with a space.
  if (/^-\d+$|^-\d*\.\d+$/.test(word) || word.includes(' ')) return { kind: 'A' };
  return { kind: 'O', option: undefined, name: word, explicit: undefined };
}

/** Reads `args` as the parser would: `known` is parse_known_args (else parse_args). */
export function parsePython(args: readonly string[], options: readonly PyOption[], known: boolean): PyParse {
  if (args.includes('--')) return { ok: false, exit: 'uncertain', why: 'a `--` argument, which Python 3.11, 3.12 and 3.13 argparse remove at different places' };
  const byName = new Map<string, PyOption>();
  for (const o of options) for (const n of o.names) byName.set(n, o);
  const words = args.map((a) => classify(a, options, byName));
  const values = new Map<string, string | readonly string[] | true>();
  const extras: string[] = [];
  const occurrences: PyOccurrence[] = [];
  for (let i = 0; i < args.length;) {
    const w = words[i];
    const a = args[i] ?? '';
    if (w === undefined) break;
    if (w.kind === 'ambiguous') return { ok: false, exit: 'error', why: `ambiguous option ${a} (could match ${w.matches.join(', ')})` };
    if (w.kind === 'A') {
      // No positionals are defined: a stray value is an extra.
      extras.push(a);
      i++;
      continue;
    }
    const o = w.option;
    if (o === undefined) {
      extras.push(a);
      i++;
      continue;
    }
    if (o.help === true) return { ok: false, exit: 'help', why: `${w.name} prints the help text and exits` };
    if (o.nargs === 0) {
      if (w.explicit !== undefined) return { ok: false, exit: 'error', why: `${w.name} takes no value` };
      values.set(o.dest, true);
      occurrences.push({ dest: o.dest, index: i, width: 1, written: a });
      i++;
      continue;
    }
    if (w.explicit !== undefined) {
      values.set(o.dest, o.nargs === '+' ? [w.explicit] : w.explicit);
      occurrences.push({ dest: o.dest, index: i, width: 1, written: a });
      i++;
      continue;
    }
    let j = i + 1;
    while (j < args.length && words[j]?.kind === 'A' && (o.nargs === '+' || j === i + 1)) j++;
    const taken = args.slice(i + 1, j);
    if (taken.length === 0) return { ok: false, exit: 'error', why: `${w.name} expects ${o.nargs === '+' ? 'at least one argument' : 'one argument'}` };
    values.set(o.dest, o.nargs === '+' ? taken : taken[0] ?? '');
    occurrences.push({ dest: o.dest, index: i, width: j - i, written: a });
    i = j;
  }
  if (!known && extras.length > 0) return { ok: false, exit: 'error', why: `unrecognized arguments: ${extras.length} word(s)` };
  return { ok: true, values, extras, occurrences };
}

/** Python `str.split()` with no separator: runs of Unicode whitespace, leading and trailing ones dropped. */
export function pySplit(s: string): string[] {
  return s.split(/[\t\n\v\f\r \x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/).filter((w) => w !== '');
}
